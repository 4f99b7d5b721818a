import { dialplanNameOf, messages, type Destination, type DestinationListData } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinations } from '../../platform/db/schema';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

// The tenant's two numbers follow its schedule '通常営業'; the other tenant's one number its '本社営業'.
let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  const regular = await build.schedule(k.tenant, { name: '通常営業' });
  await build.destination(k.tenant, regular, {
    destinationNumber: '0312345678',
    destinationCidNamePrefix: '代表',
  });
  await build.destination(k.tenant, regular, {
    destinationNumber: '0312345679',
    destinationCidNamePrefix: '営業部直通',
  });
  const head = await build.schedule(k.otherTenant, { name: '本社営業' });
  await build.destination(k.otherTenant, head, {
    destinationNumber: '0698765432',
    destinationCidNamePrefix: '本社代表',
  });
});
afterAll(() => k.t.close());

const SAVE = '/api/v1/destination';
const CREATE = '/api/v1/destination/create';
const dataOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, `/api/v1/destination/${domainUuid}`)).json().data as DestinationListData;
const numbered = async (number: string) =>
  (await dataOf(k.tenantUuid)).list.find((d) => d.destinationNumber === number) as Destination;
const edit = (target: Destination, overrides: object = {}) => ({
  id: target.id,
  destinationCidNamePrefix: '代表（更新）',
  destinationDataNum: '2000',
  destinationEnabled: 'false',
  ...overrides,
});
const rows = () => k.t.database.db.select().from(destinations);

describe('incoming number list', () => {
  it("lists the tenant's numbers with the schedules they can follow, names resolvable from destinationData", async () => {
    const data = await dataOf(k.tenantUuid);
    expect(data.list).toEqual([
      {
        id: expect.any(String),
        destinationNumber: '0312345678',
        destinationCidNamePrefix: '代表',
        destinationData: `2000 XML ${k.tenant.domainName}`,
        destinationEnabled: 'true',
      },
      expect.objectContaining({ destinationNumber: '0312345679', destinationCidNamePrefix: '営業部直通' }),
    ]);
    expect(data.tcDialplanList).toEqual([
      { dialplanUuid: expect.any(String), dialplanName: '通常営業', dialplanNumber: '2000' },
    ]);
    expect(dialplanNameOf(data.list[0]?.destinationData, data.tcDialplanList)).toBe('通常営業');
  });

  it('requires a session (401) and a visible incoming-number menu (403)', async () => {
    expect((await k.get(null, `/api/v1/destination/${k.tenantUuid}`)).statusCode).toBe(401);
    const res = await k.get(k.staff, `/api/v1/destination/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
  });
});

describe('incoming number edit (tenant administrator)', () => {
  it('saves display name, schedule and status; answers the new list; told to the engine', async () => {
    const target = await numbered('0312345678');
    const res = await k.post(k.admin, SAVE, edit(target));
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    expect((res.json().data as DestinationListData).list[0]).toEqual({
      ...target,
      destinationCidNamePrefix: '代表（更新）',
      destinationEnabled: 'false',
    });
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'destination' });
  });

  it.each([
    ['no schedule', { destinationDataNum: null }, '業務時間は必須項目です'],
    ['a schedule the tenant does not have', { destinationDataNum: '9999' }, '業務時間は必須項目です'],
    ['no status', { destinationEnabled: null }, 'ステータスは必須項目です'],
    ['an unknown status', { destinationEnabled: 'yes' }, 'ステータスは必須項目です'],
  ])('refuses %s with its message and changes nothing', async (_n, overrides, msg) => {
    const before = await rows();
    const res = await k.post(k.admin, SAVE, edit(await numbered('0312345679'), overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
    expect(await rows()).toEqual(before);
  });
});

describe('incoming number create and delete (provider only)', () => {
  const fresh = (overrides: object = {}) => ({
    domainUuid: k.tenantUuid,
    destinationNumber: '0312345600',
    destinationCidNamePrefix: '新番号',
    destinationDataNum: '2000',
    destinationEnabled: 'true',
    ...overrides,
  });

  it('is refused to a tenant administrator', async () => {
    const res = await k.post(k.admin, CREATE, fresh());
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
    const target = await numbered('0312345679');
    expect((await k.del(k.admin, `/api/v1/destination/${k.tenantUuid}/${target.id}`)).statusCode).toBe(403);
  });

  it('lets the provider add and remove a number', async () => {
    const res = await k.post(k.sp, CREATE, fresh());
    expect(res.statusCode).toBe(200);
    const added = await numbered('0312345600');
    expect(added).toMatchObject({
      destinationData: `2000 XML ${k.tenant.domainName}`,
      destinationEnabled: 'true',
    });
    expect((await k.del(k.sp, `/api/v1/destination/${k.tenantUuid}/${added.id}`)).statusCode).toBe(200);
    expect(await numbered('0312345600')).toBeUndefined();
  });

  it("refuses a number that is not digits, and one any tenant already has (the database's constraint)", async () => {
    const bad = await k.post(k.sp, CREATE, fresh({ destinationNumber: '03-1234' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('着信番号を確認してください。（数字3 ~ 20桁、先頭の+は可）');
    const before = await rows();
    const taken = await k.post(k.sp, CREATE, fresh({ destinationNumber: '0698765432' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('登録済みの着信番号です。');
    expect(await rows()).toEqual(before);
  });
});

describe("another tenant's incoming numbers", () => {
  it('are invisible: each tenant lists only its own numbers and schedules; reading the other is 403', async () => {
    const other = await dataOf(k.otherTenantUuid, k.adminB);
    expect(other.list.map((d) => d.destinationNumber)).toEqual(['0698765432']);
    expect(other.tcDialplanList.map((d) => d.dialplanName)).toEqual(['本社営業']);
    const res = await k.get(k.adminB, `/api/v1/destination/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
  });

  it('are immutable: editing the tenant’s number by id fails and changes nothing', async () => {
    const target = await numbered('0312345679');
    const before = await rows();
    const res = await k.post(k.adminB, SAVE, edit(target, { destinationCidNamePrefix: '乗っ取り' }));
    expect(res.statusCode).toBe(404);
    expect((await k.post(k.adminB, SAVE, { ...edit(target), domainUuid: k.tenantUuid })).statusCode).toBe(
      403,
    );
    // Even the provider reaches a row only through its own tenant.
    expect((await k.del(k.sp, `/api/v1/destination/${k.otherTenantUuid}/${target.id}`)).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });
});
