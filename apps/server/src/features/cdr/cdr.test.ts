import { randomUUID } from 'node:crypto';
import { UNREGISTERED } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdrs } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { insertCdr } from './cdr.repository';

let t: TestApp;
let yamada: TestSession;
let adminB: TestSession;
let tenantUuid: string;
let otherUuid: string;
let yamadaExt: string;
let suzukiExt: string;
let suzukiUser: string;
let suzukiRow: Parameters<TestApp['build']['call']>[0];

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  const yamadaExtension = await t.build.extension(tenant, {
    extension: '1001',
    effectiveCallerIdName: '山田 太郎',
  });
  const suzukiExtension = await t.build.extension(tenant, {
    extension: '1002',
    effectiveCallerIdName: '鈴木 花子',
  });
  const yamadaUser = await t.build.user(tenant, { extensionUuid: yamadaExtension.extensionUuid });
  suzukiUser = (await t.build.user(tenant, { extensionUuid: suzukiExtension.extensionUuid })).username;
  const other = await t.build.tenant();
  const otherAdmin = await t.build.user(other, { userClass: 'CP' });
  [tenantUuid, otherUuid] = [tenant.domainUuid, other.domainUuid];
  [yamadaExt, suzukiExt] = [yamadaExtension.extensionUuid, suzukiExtension.extensionUuid];
  suzukiRow = suzukiExtension;
  const base = Date.UTC(2026, 10, 1, 0, 0, 0);
  for (let i = 0; i < 23; i++) {
    await t.build.call(yamadaExtension, {
      direction: i === 0 ? 'local' : i % 2 ? 'inbound' : 'outbound',
      callerIdNumber: i === 0 ? '1002' : i % 2 ? '0312345678' : '1001',
      destinationNumber: i === 0 ? '1001' : i % 2 ? '1001' : '0698765432',
      startStamp: new Date(base + i * 60_000),
      billsec: i % 3 === 0 ? 0 : 30,
    });
  }
  await t.build.call(suzukiExtension, {
    direction: 'inbound',
    callerIdNumber: '0311112222',
    destinationNumber: '1002',
    startStamp: new Date(base),
  });
  yamada = await t.login(yamadaUser.username, FACTORY_PASSWORD);
  adminB = await t.login(otherAdmin.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

const history = (
  s: TestSession,
  extensionUuid: string,
  query = 'size=10&page=0&sort=startStamp,DESC',
  domainUuid = tenantUuid,
) =>
  t.request(s, { method: 'POST', url: `/api/v1/cdr/ext?${query}`, payload: { domainUuid, extensionUuid } });

describe('POST /api/v1/cdr/ext', () => {
  it("pages the user's own history newest first with the total", async () => {
    const res = await history(yamada, yamadaExt);
    expect(res.statusCode).toBe(200);
    const page = res.json().data.page;
    expect(page.totalElements).toBe(23);
    expect(page.content).toHaveLength(10);
    expect(page.content[0].startStamp).toBe(new Date(Date.UTC(2026, 10, 1, 0, 22)).toISOString());
    const last = (await history(yamada, yamadaExt, 'size=10&page=2&sort=startStamp,DESC')).json().data.page;
    expect(last.content).toHaveLength(3);
    expect(last.content[2].cdrUuid).toBeDefined();
  });

  it('names colleagues for local calls and marks outside numbers 未登録', async () => {
    const oldest = (await history(yamada, yamadaExt, 'size=1&page=0&sort=startStamp,ASC')).json().data.page
      .content[0];
    expect(oldest).toMatchObject({ direction: 'local', displayName: '鈴木 花子', billsec: 0 });
    const newest = (await history(yamada, yamadaExt, 'size=2&page=0')).json().data.page.content;
    expect(newest.map((c: { displayName: string }) => c.displayName)).toEqual([UNREGISTERED, UNREGISTERED]);
  });

  it('marks a call taken on another phone as answered elsewhere, not missed', async () => {
    const at = new Date(Date.UTC(2026, 9, 1));
    await t.build.call(suzukiRow, { billsec: 0, hangupCause: 'LOSE_RACE', startStamp: at });
    await t.build.call(suzukiRow, {
      billsec: 0,
      hangupCause: 'NO_ANSWER',
      startStamp: new Date(at.getTime() - 1),
    });
    const suzuki = await t.login(suzukiUser, FACTORY_PASSWORD);
    const oldest = (await history(suzuki, suzukiExt, 'size=2&page=0&sort=startStamp,ASC')).json().data.page
      .content as { answeredElsewhere: boolean; billsec: number }[];
    expect(oldest.map((c) => c.answeredElsewhere)).toEqual([false, true]);
  });

  it('names the colleague on either side of a local call, only from the own tenant', async () => {
    const other = await t.build.tenant();
    await t.build.extension(other, { extension: '1099', effectiveCallerIdName: '他社 一郎' });
    const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 0, minute));
    const local = (callerIdNumber: string, destinationNumber: string, minute: number) =>
      t.build.call(suzukiRow, {
        direction: 'local',
        callerIdNumber,
        destinationNumber,
        startStamp: at(minute),
      });
    await local('1002', '1001', 0); // suzuki called yamada
    await local('1001', '1002', 1); // yamada called suzuki
    await local('1002', '1099', 2); // a number no extension of the tenant has (another tenant's has)
    const suzuki = await t.login(suzukiUser, FACTORY_PASSWORD);
    const newest = (await history(suzuki, suzukiExt, 'size=3&page=0')).json().data.page.content as {
      displayName: string;
    }[];
    expect(newest.map((c) => c.displayName)).toEqual(['1099', '山田 太郎', '山田 太郎']);
  });

  it("refuses another user's extension and another tenant", async () => {
    expect((await history(yamada, suzukiExt)).statusCode).toBe(403);
    expect((await history(adminB, yamadaExt)).statusCode).toBe(403);
    expect((await history(yamada, yamadaExt, undefined, otherUuid)).statusCode).toBe(403);
  });

  it('rejects bad paging with 400 and needs a session', async () => {
    expect((await history(yamada, yamadaExt, 'size=0')).statusCode).toBe(400);
    expect((await history(yamada, yamadaExt, 'page=-1')).statusCode).toBe(400);
    expect((await history(yamada, yamadaExt, 'sort=billsec,DESC')).statusCode).toBe(400);
    const anonymous = await t.request(null, { method: 'POST', url: '/api/v1/cdr/ext', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores a call leg once, however often it is delivered', async () => {
    const row = {
      cdrUuid: randomUUID(),
      domainUuid: tenantUuid,
      callUuid: 'dup-1',
      extensionUuid: suzukiExt,
      direction: 'inbound' as const,
      startStamp: new Date(),
    };
    expect(await insertCdr(t.database.db, row)).toBe(true);
    expect(await insertCdr(t.database.db, { ...row, cdrUuid: randomUUID() })).toBe(false);
    const stored = await t.database.db.select().from(cdrs).where(eq(cdrs.callUuid, 'dup-1'));
    expect(stored).toHaveLength(1);
  });
});
