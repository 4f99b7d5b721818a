import type { StatusAnalysis } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStatusChanges } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let admin: TestSession;
let staffWithout: TestSession;
let outsider: TestSession;
let aya: string;
let ken: string;

/** An instant in Tokyo on 2026-11-26 (or another day). */
const jst = (time: string, day = '2026-11-26') => new Date(`${day}T${time}+09:00`);

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.build.tenant();
  const ext = await t.build.extension(tenant);
  aya = (await t.build.user(tenant, { userNm: '佐藤 彩', extensionUuid: ext.extensionUuid })).userUuid;
  ken = (await t.build.user(tenant, { userNm: '高橋 健' })).userUuid;
  admin = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  staffWithout = await t.login((await t.build.user(tenant, { menu: '[]' })).username, FACTORY_PASSWORD);
  const other = await t.build.tenant();
  outsider = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  const change = (userUuid: string, fromStatus: string, toStatus: string, changedAt: Date) => ({
    domainUuid: tenant.domainUuid,
    userUuid,
    fromStatus,
    toStatus,
    changedAt,
  });
  await t.database.db.insert(userStatusChanges).values([
    change(aya, 'signedOut', 'available', jst('09:00:00')),
    change(aya, 'available', 'onCall', jst('10:00:00')),
    change(aya, 'onCall', 'wrapUp', jst('10:30:00')),
    change(aya, 'wrapUp', 'available', jst('10:40:00')),
    change(aya, 'available', 'break', jst('12:00:00')),
    change(aya, 'break', 'available', jst('13:00:00')),
    change(aya, 'available', 'signedOut', jst('18:00:00')),
    // Ken signed in the evening before and out at 02:00: only 00:00–02:00 is in the day.
    change(ken, 'signedOut', 'available', jst('20:00:00', '2026-11-25')),
    change(ken, 'available', 'signedOut', jst('02:00:00')),
  ]);
});
afterAll(() => t.close());

const analyse = (session: TestSession, body: Record<string, unknown>) =>
  t.request(session, { method: 'POST', url: '/api/v1/analysis/status', payload: body });

describe('status analysis', () => {
  it('sums each status per user over local days, with 稼働率 = (talk + after-call work) ÷ signed-in time', async () => {
    const res = await analyse(admin, { from: '2026-11-26', to: '2026-11-26' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as StatusAnalysis;
    expect(data.timeZone).toBe('Asia/Tokyo');
    const row = (uuid: string) => data.rows.find((r) => r.userUuid === uuid)!;
    expect(row(aya)).toMatchObject({ userNm: '佐藤 彩', signedInSeconds: 9 * 3600 });
    expect(row(aya).seconds).toMatchObject({
      onCall: 1800,
      wrapUp: 600,
      break: 3600,
      available: 9 * 3600 - 6000,
    });
    expect(row(aya).occupancy).toBeCloseTo(2400 / 32400, 6);
    expect(row(ken).signedInSeconds).toBe(2 * 3600);
    expect(data.timeline).toEqual([]);
  });

  it("gives one user's timeline, clipped to the period", async () => {
    const data = (await analyse(admin, { from: '2026-11-26', to: '2026-11-26', userUuid: ken })).json()
      .data as StatusAnalysis;
    expect(data.rows.map((r) => r.userUuid)).toEqual([ken]);
    expect(data.timeline[0]).toEqual({
      status: 'available',
      start: jst('00:00:00').toISOString(),
      end: jst('02:00:00').toISOString(),
    });
  });

  it('a day the user never signed in has no signed-in time and no 稼働率', async () => {
    const data = (await analyse(admin, { from: '2026-11-20', to: '2026-11-20' })).json()
      .data as StatusAnalysis;
    expect(data.rows.every((r) => r.signedInSeconds === 0 && r.occupancy === null)).toBe(true);
  });

  it('refuses a bad period in Japanese', async () => {
    const order = await analyse(admin, { from: '2026-11-27', to: '2026-11-26' });
    expect([order.statusCode, order.json().msg]).toEqual([400, '開始日は終了日以前の日付にしてください。']);
    const long = await analyse(admin, { from: '2025-01-01', to: '2026-11-26' });
    expect([long.statusCode, long.json().msg]).toEqual([400, '期間は366日以内にしてください。']);
    const date = await analyse(admin, { from: '2026-02-30', to: '2026-03-01' });
    expect([date.statusCode, date.json().msg]).toEqual([400, '日付を正しく入力してください。']);
  });

  it('is refused to staff without the menu item, and to another tenant', async () => {
    expect((await analyse(staffWithout, { from: '2026-11-26', to: '2026-11-26' })).statusCode).toBe(403);
    const named = await analyse(outsider, {
      from: '2026-11-26',
      to: '2026-11-26',
      domainUuid: tenant.domainUuid,
    });
    expect(named.statusCode).toBe(403);
    const own = (await analyse(outsider, { from: '2026-11-26', to: '2026-11-26' })).json()
      .data as StatusAnalysis;
    expect(own.rows.some((r) => r.userUuid === aya || r.userUuid === ken)).toBe(false);
    const foreignUser = (
      await analyse(outsider, { from: '2026-11-26', to: '2026-11-26', userUuid: aya })
    ).json().data as StatusAnalysis;
    expect(foreignUser).toMatchObject({ rows: [], timeline: [] });
  });
});
