import { messages, speedDialMessages, type SpeedDial } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, speedDials } from '../../platform/db/schema';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  for (const [speedNumber, phoneNumber, memo] of [
    ['01', '0120123456', '本社代表'],
    ['02', '0662345678', '大阪営業所'],
    ['03', '09012345678', '山田 携帯'],
  ])
    await build.speedDial(k.tenant, { speedNumber, phoneNumber, memo });
  await build.speedDial(k.otherTenant, {
    speedNumber: '01',
    phoneNumber: '0312345678',
    memo: 'サンプル株式会社',
  });
});
afterAll(() => k.t.close());

const SAVE = '/api/v1/common/speedDial/';
const listOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, `/api/v1/common/speedDial/${domainUuid}`)).json().data.list as SpeedDial[];
const entry = (overrides: object = {}) => ({
  commUuid: null,
  domainUuid: k.tenantUuid,
  commGroup: 'speed-dial',
  commName: '10',
  commSub1: '0312340000',
  commSub2: 'テスト',
  ...overrides,
});
const rowsOf = (domainUuid: string) =>
  k.t.database.db.select().from(speedDials).where(eq(speedDials.domainUuid, domainUuid));

describe('speed dial list', () => {
  it("lists the tenant's speed dials in the common-item shape", async () => {
    const list = await listOf(k.tenantUuid);
    expect(list.map((s) => s.commName)).toEqual(['01', '02', '03']);
    expect(list[0]).toEqual({
      commUuid: expect.any(String),
      domainUuid: k.tenantUuid,
      commGroup: 'speed-dial',
      commName: '01',
      commSub1: '0120123456',
      commSub2: '本社代表',
    });
  });

  it('requires a session (401) and a visible speed-dial menu (403)', async () => {
    expect((await k.get(null, `/api/v1/common/speedDial/${k.tenantUuid}`)).statusCode).toBe(401);
    const staff = await k.get(k.staff, `/api/v1/common/speedDial/${k.tenantUuid}`);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().msg).toBe(messages.forbidden);
    expect((await k.post(k.staff, SAVE, entry())).statusCode).toBe(403);
  });
});

describe('speed dial save and delete', () => {
  it('creates, updates and deletes an entry, each audited and told to the engine', async () => {
    const created = await k.post(k.admin, SAVE, entry({ commName: '11' }));
    expect(created.statusCode).toBe(200);
    expect(created.json().code).toBe(0);
    const row = (created.json().data.list as SpeedDial[]).find((s) => s.commName === '11');
    expect(row).toMatchObject({ commSub1: '0312340000', commSub2: 'テスト' });

    const updated = await k.post(
      k.admin,
      SAVE,
      entry({ commUuid: row?.commUuid, commName: '11', commSub1: '0451112222' }),
    );
    expect(updated.statusCode).toBe(200);
    expect((await listOf(k.tenantUuid)).find((s) => s.commName === '11')?.commSub1).toBe('0451112222');

    const deleted = await k.del(k.admin, `/api/v1/common/${row?.commUuid}`);
    expect(deleted.statusCode).toBe(200);
    expect((await listOf(k.tenantUuid)).some((s) => s.commName === '11')).toBe(false);

    const audits = await k.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, row?.commUuid as string));
    expect(audits.map((a) => a.action)).toEqual(['speedDial.save', 'speedDial.save', 'speedDial.delete']);
    expect(k.t.configChanges.filter((c) => c.kind === 'speedDial')).toHaveLength(3);
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'speedDial' });
  });

  it.each([
    ['a number already registered', { commName: '01' }, speedDialMessages.numberTaken],
    ['a one-digit number', { commName: '1' }, speedDialMessages.numberFormat],
    ['number 00', { commName: '00' }, speedDialMessages.numberFormat],
    ['a three-digit number', { commName: '100' }, speedDialMessages.numberFormat],
    ['a phone number with letters', { commSub1: '03-1234' }, speedDialMessages.phoneFormat],
    ['a one-digit phone number', { commSub1: '1' }, speedDialMessages.phoneFormat],
  ])('refuses %s with the spec message and changes nothing', async (_name, overrides, msg) => {
    const before = await rowsOf(k.tenantUuid);
    const res = await k.post(k.admin, SAVE, entry(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
    expect(await rowsOf(k.tenantUuid)).toEqual(before);
  });

  it('keeps an entry its own number on edit (not a duplicate of itself)', async () => {
    const first = (await listOf(k.tenantUuid))[0] as SpeedDial;
    const res = await k.post(k.admin, SAVE, { ...first, commSub2: '本社代表（更新）' });
    expect(res.statusCode).toBe(200);
    expect((await listOf(k.tenantUuid))[0]?.commSub2).toBe('本社代表（更新）');
  });

  it('two concurrent creates of one number: one succeeds, the other gets the duplicate message', async () => {
    const [a, b] = await Promise.all([
      k.post(k.admin, SAVE, entry({ commName: '42' })),
      k.post(k.admin, SAVE, entry({ commName: '42', commSub1: '0399998888' })),
    ]);
    expect([a, b].filter((r) => r.statusCode === 200)).toHaveLength(1);
    const failed = a.statusCode === 200 ? b : a;
    expect([400, 409]).toContain(failed.statusCode);
    expect(failed.json().msg).toBe(speedDialMessages.numberTaken);
    expect((await rowsOf(k.tenantUuid)).filter((r) => r.speedNumber === '42')).toHaveLength(1);
  });
});

describe("another tenant's speed dials", () => {
  it('are invisible: the list names only its own rows, and reading another tenant is 403', async () => {
    expect((await listOf(k.otherTenantUuid, k.adminB)).map((s) => s.commSub2)).toEqual(['サンプル株式会社']);
    const res = await k.get(k.adminB, `/api/v1/common/speedDial/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
  });

  it('are immutable: editing or deleting the tenant’s entry by id fails and changes nothing', async () => {
    const target = (await listOf(k.tenantUuid))[1] as SpeedDial;
    const before = await rowsOf(k.tenantUuid);
    const edit = await k.post(k.adminB, SAVE, { ...target, domainUuid: undefined, commSub1: '0000000000' });
    expect(edit.statusCode).toBe(404);
    const named = await k.post(k.adminB, SAVE, { ...target, commSub1: '0000000000' });
    expect(named.statusCode).toBe(403);
    const del = await k.del(k.adminB, `/api/v1/common/${target.commUuid}`);
    expect(del.statusCode).toBe(404);
    expect(await rowsOf(k.tenantUuid)).toEqual(before);
  });

  it('a provider admin (SP) may work on any tenant', async () => {
    expect((await listOf(k.otherTenantUuid, k.sp)).map((s) => s.commName)).toEqual(['01']);
    const res = await k.post(k.sp, SAVE, entry({ domainUuid: k.otherTenantUuid, commName: '02' }));
    expect(res.statusCode).toBe(200);
    expect((await listOf(k.otherTenantUuid, k.adminB)).map((s) => s.commName)).toEqual(['01', '02']);
  });
});
