import { randomUUID } from 'node:crypto';
import type { CallResult, LineAnalysis } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let admin: TestSession;
let staff: TestSession;
let outsider: TestSession;
let tenantUuid: string;

/** Tokyo wall-clock instant. */
const jst = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

async function call(kind: 'inbound' | 'outbound' | 'internal', result: CallResult, at: Date, extra = {}) {
  await t.database.db.insert(calls).values({
    callUuid: randomUUID(),
    domainUuid: tenantUuid,
    callId: randomUUID(),
    kind,
    startStamp: at,
    endStamp: new Date(at.getTime() + 60_000),
    outsideNumber: '0312345678',
    outsideKey: '0312345678',
    incomingNumber: '0501234567',
    result,
    ...extra,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  tenantUuid = tenant.domainUuid;
  admin = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  staff = await t.login((await t.build.user(tenant, { menu: '[]' })).username, FACTORY_PASSWORD);
  outsider = await t.login(
    (await t.build.user(await t.build.tenant(), { userClass: 'CP' })).username,
    FACTORY_PASSWORD,
  );
  // Monday 2026-11-02: two answered (waits 10 s and 30 s), one missed, one abandoned in the IVR.
  await call('inbound', 'answered', jst('2026-11-02', '09:10:00'), { ringSeconds: 10, talkSeconds: 100 });
  await call('inbound', 'answered', jst('2026-11-02', '09:40:00'), { ringSeconds: 30, talkSeconds: 200 });
  await call('inbound', 'missed', jst('2026-11-02', '10:05:00'));
  await call('inbound', 'abandoned_ivr', jst('2026-11-02', '23:59:59'));
  await call('outbound', 'answered', jst('2026-11-02', '11:00:00'), { talkSeconds: 60 });
  await call('outbound', 'busy', jst('2026-11-02', '11:10:00'));
  // Tuesday 2026-11-03 is 文化の日 (a public holiday): a call out of hours.
  await call('inbound', 'out_of_hours', jst('2026-11-03', '10:00:00'));
  // 00:00 of Wednesday in Tokyo is still Tuesday in UTC: counted on Wednesday.
  await call('inbound', 'missed', jst('2026-11-04', '00:00:00'));
});
afterAll(() => t.close());

const analyse = (session: TestSession, body: Record<string, unknown>) =>
  t.request(session, { method: 'POST', url: '/api/v1/analysis/line', payload: body });
const data = async (body: Record<string, unknown>) => {
  const res = await analyse(admin, { from: '2026-11-01', to: '2026-11-30', ...body });
  expect(res.statusCode).toBe(200);
  return res.json().data as LineAnalysis;
};

describe('call analysis', () => {
  it('counts calls, not legs, with "missed" as the call model defines it', async () => {
    const { total } = await data({});
    expect(total).toMatchObject({
      incoming: 6,
      answered: 2,
      missed: 4,
      abandonedIvr: 1,
      outOfHours: 1,
      averageWait: 20,
      longestWait: 30,
      outgoing: 2,
      connected: 1,
      distinctCallers: 1,
    });
    expect(total.answerRate).toBeCloseTo(2 / 6, 6);
    expect(total.averageTalk).toBeCloseTo(120, 6);
  });

  it('groups by local day in the tenant zone, and by ISO weekday', async () => {
    const byDay = await data({ grouping: 'day' });
    expect(byDay.groups.map((g) => [g.key, g.figures.incoming])).toEqual([
      ['2026-11-02', 4],
      ['2026-11-03', 1],
      ['2026-11-04', 1],
    ]);
    const byWeekday = await data({ grouping: 'weekday' });
    expect(byWeekday.groups.map((g) => g.key)).toEqual(['1', '2', '3']);
    const byHour = await data({ grouping: 'hour' });
    expect(byHour.groups.find((g) => g.key === '9')?.figures.answered).toBe(2);
  });

  it('leaves out public holidays and closed hours when asked', async () => {
    expect((await data({ excludeHolidays: true })).total.incoming).toBe(5);
    expect((await data({ businessHoursOnly: true })).total.incoming).toBe(5);
  });

  it('draws the weekday × hour heatmap of incoming and missed calls', async () => {
    const { heatmap } = await data({});
    expect(heatmap.incoming[0]?.[9]).toBe(2);
    expect(heatmap.missed[0]?.[10]).toBe(1);
    expect(heatmap.missed[2]?.[0]).toBe(1);
  });

  it('is refused without the menu item and for another tenant; bad input in Japanese', async () => {
    expect((await analyse(staff, { from: '2026-11-01', to: '2026-11-30' })).statusCode).toBe(403);
    const named = await analyse(outsider, { from: '2026-11-01', to: '2026-11-30', domainUuid: tenantUuid });
    expect(named.statusCode).toBe(403);
    const own = (await analyse(outsider, { from: '2026-11-01', to: '2026-11-30' })).json()
      .data as LineAnalysis;
    expect(own.total.incoming).toBe(0);
    const bad = await analyse(admin, { from: '2026-11-01', to: '2026-11-30', grouping: 'year' });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, '集計単位を選択してください。']);
  });
});
