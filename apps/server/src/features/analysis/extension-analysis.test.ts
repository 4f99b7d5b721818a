import { randomUUID } from 'node:crypto';
import type {
  CallKind,
  CallResult,
  ExtensionAnalysis,
  ExtensionAnalysisRow,
  LineAnalysis,
} from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, cdrs } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let admin: TestSession;
let staffWithout: TestSession;
let outsider: TestSession;
let tenantUuid: string;
let aya: string;
let ken: string;
let mio: string;
const ext: Record<string, string> = {};

/** Tokyo wall-clock instant. */
const jst = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

interface Shape {
  kind: CallKind;
  result: CallResult;
  at: Date;
  agent?: string;
  talkSeconds?: number;
  /** The users whose extensions the call rang (one leg each). */
  rang?: string[];
}

async function call({ kind, result, at, agent, talkSeconds = 0, rang = [] }: Shape) {
  const callId = randomUUID();
  await t.database.db.insert(calls).values({
    callUuid: randomUUID(),
    domainUuid: tenantUuid,
    callId,
    kind,
    startStamp: at,
    endStamp: new Date(at.getTime() + 60_000),
    agentUserUuid: agent ?? null,
    talkSeconds,
    result,
    legCount: rang.length + 1,
  });
  for (const user of rang) {
    await t.database.db.insert(cdrs).values({
      cdrUuid: randomUUID(),
      domainUuid: tenantUuid,
      callUuid: randomUUID(),
      callId,
      originating: false,
      extensionUuid: ext[user]!,
      direction: 'local',
      startStamp: at,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  tenantUuid = tenant.domainUuid;
  const person = async (userNm: string) => {
    const e = await t.build.extension(tenant);
    const user = await t.build.user(tenant, { userNm, extensionUuid: e.extensionUuid });
    ext[user.userUuid] = e.extensionUuid;
    return user.userUuid;
  };
  aya = await person('佐藤 彩');
  ken = await person('高橋 健');
  mio = await person('鈴木 美緒');
  admin = await t.login((await t.build.user(tenant, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  staffWithout = await t.login((await t.build.user(tenant, { menu: '[]' })).username, FACTORY_PASSWORD);
  outsider = await t.login(
    (await t.build.user(await t.build.tenant(), { userClass: 'CP' })).username,
    FACTORY_PASSWORD,
  );
  const day = '2026-11-10';
  // The table of call shapes (period 2026-11-10 … 2026-11-11).
  await call({
    kind: 'inbound',
    result: 'answered',
    at: jst(day, '09:05:00'),
    agent: aya,
    talkSeconds: 100,
    rang: [aya],
  }); // answered directly
  await call({
    kind: 'inbound',
    result: 'answered',
    at: jst(day, '09:30:00'),
    agent: ken,
    talkSeconds: 200,
    rang: [aya, mio, ken],
  }); // third ring-group member
  await call({ kind: 'inbound', result: 'missed', at: jst(day, '10:00:00'), rang: [aya, ken, aya] }); // nobody answered; rang 彩 twice
  await call({ kind: 'inbound', result: 'abandoned_ivr', at: jst(day, '10:10:00') }); // never rang anyone
  await call({
    kind: 'inbound',
    result: 'answered',
    at: jst(day, '11:00:00'),
    agent: aya,
    talkSeconds: 60,
    rang: [aya, ken],
  }); // answered, then transferred
  await call({
    kind: 'inbound',
    result: 'answered',
    at: jst(day, '11:30:00'),
    agent: mio,
    talkSeconds: 40,
    rang: [mio],
  }); // parked and retrieved
  await call({ kind: 'inbound', result: 'out_of_hours', at: jst(day, '20:00:00') }); // out of hours
  await call({ kind: 'inbound', result: 'voicemail', at: jst(day, '13:00:00'), rang: [mio] }); // to voicemail after ringing
  await call({ kind: 'outbound', result: 'answered', at: jst(day, '14:00:00'), agent: aya, talkSeconds: 90 }); // click-to-call
  await call({ kind: 'outbound', result: 'busy', at: jst(day, '14:10:00'), agent: aya }); // not connected
  await call({
    kind: 'internal',
    result: 'answered',
    at: jst(day, '15:00:00'),
    agent: ken,
    talkSeconds: 30,
    rang: [mio],
  }); // internal
  // 00:30 on the first day in Tokyo is still the day before in UTC: in the period, hour 0.
  await call({ kind: 'outbound', result: 'answered', at: jst(day, '00:30:00'), agent: ken, talkSeconds: 10 });
  // 23:30 on the day before the period: the previous period (2026-11-08 … 2026-11-09).
  await call({
    kind: 'outbound',
    result: 'answered',
    at: jst('2026-11-09', '23:30:00'),
    agent: aya,
    talkSeconds: 10,
  });
  await call({ kind: 'inbound', result: 'missed', at: jst('2026-11-08', '12:00:00'), rang: [ken] });
  // Before the previous period: nowhere.
  await call({ kind: 'outbound', result: 'answered', at: jst('2026-11-07', '23:59:59'), agent: aya });
});
afterAll(() => t.close());

const analyse = (session: TestSession, body: Record<string, unknown>) =>
  t.request(session, { method: 'POST', url: '/api/v1/analysis/extension', payload: body });
const period = { from: '2026-11-10', to: '2026-11-11' };

async function data() {
  const res = await analyse(admin, period);
  expect(res.statusCode).toBe(200);
  return res.json().data as ExtensionAnalysis;
}
const rowOf = (d: ExtensionAnalysis, uuid: string) => d.rows.find((r) => r.userUuid === uuid)!;
const counts = (r: ExtensionAnalysisRow) => {
  const { byHour: _hours, averageTalk: _average, ...rest } = r.current;
  return rest;
};

describe('extension analysis', () => {
  it('counts each shape of call once, for the user who handled it, from the call model', async () => {
    const d = await data();
    expect(d.timeZone).toBe('Asia/Tokyo');
    expect(counts(rowOf(d, aya))).toEqual({
      inbound: 2,
      outbound: 2,
      internal: 0,
      missed: 1,
      talkSeconds: 250,
    });
    expect(counts(rowOf(d, ken))).toEqual({
      inbound: 1,
      outbound: 1,
      internal: 1,
      missed: 1,
      talkSeconds: 240,
    });
    expect(counts(rowOf(d, mio))).toEqual({
      inbound: 1,
      outbound: 0,
      internal: 0,
      missed: 1,
      talkSeconds: 40,
    });
    // Average over connected calls: 彩 talked 250 s on 3 connected calls (the busy one is left out).
    expect(rowOf(d, aya).current.averageTalk).toBeCloseTo(250 / 3, 6);
  });

  it('counts calls per local hour in the tenant zone', async () => {
    const d = await data();
    const ayaHours = rowOf(d, aya).current.byHour;
    expect(ayaHours).toHaveLength(24);
    expect([ayaHours[9], ayaHours[11], ayaHours[14]]).toEqual([1, 1, 2]);
    expect(rowOf(d, ken).current.byHour[0]).toBe(1);
    expect(ayaHours.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('compares with the previous period of the same length and ranks by calls handled', async () => {
    const d = await data();
    expect(d.previous).toEqual({ from: '2026-11-08', to: '2026-11-09' });
    expect(rowOf(d, aya).previous).toMatchObject({ outbound: 1, inbound: 0, missed: 0 });
    expect(rowOf(d, ken).previous).toMatchObject({ outbound: 0, missed: 1 });
    // 彩 4, 健 3, 美緒 1, then the users without calls.
    expect(d.rows.slice(0, 3).map((r) => r.userUuid)).toEqual([aya, ken, mio]);
    expect(
      d.rows.slice(3).every((r) => r.current.inbound + r.current.outbound + r.current.internal === 0),
    ).toBe(true);
  });

  it('agrees with the call analysis on the same calls', async () => {
    const d = await data();
    const line = (
      await t.request(admin, { method: 'POST', url: '/api/v1/analysis/line', payload: period })
    ).json().data as LineAnalysis;
    const sum = (pick: (r: ExtensionAnalysisRow) => number) => d.rows.reduce((n, r) => n + pick(r), 0);
    // Every answered call in the table has the user who answered it.
    expect(sum((r) => r.current.inbound)).toBe(line.total.answered);
    expect(sum((r) => r.current.outbound)).toBe(line.total.outgoing);
  });

  it('is refused without the menu item and for another tenant; sees nothing of other tenants', async () => {
    expect((await analyse(staffWithout, period)).statusCode).toBe(403);
    const named = await analyse(outsider, { ...period, domainUuid: tenantUuid });
    expect(named.statusCode).toBe(403);
    const own = (await analyse(outsider, period)).json().data as ExtensionAnalysis;
    expect(own.rows.map((r) => r.userUuid)).not.toContain(aya);
    expect(own.rows.every((r) => r.current.inbound + r.current.outbound + r.current.missed === 0)).toBe(true);
  });

  it('answers bad periods in Japanese with 400', async () => {
    const reversed = await analyse(admin, { from: '2026-11-11', to: '2026-11-10' });
    expect([reversed.statusCode, reversed.json().msg]).toEqual([
      400,
      '開始日は終了日以前の日付にしてください。',
    ]);
    const badDate = await analyse(admin, { from: '2026-13-01', to: '2026-11-10' });
    expect([badDate.statusCode, badDate.json().msg]).toEqual([400, '日付を正しく入力してください。']);
    const tooLong = await analyse(admin, { from: '2025-01-01', to: '2026-11-10' });
    expect([tooLong.statusCode, tooLong.json().msg]).toEqual([400, '期間は366日以内にしてください。']);
  });
});
