import { randomUUID } from 'node:crypto';
import type { CallKind, CallResult } from '@tsunagu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { calls, cdrs } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { handledByUser, missedByUser, type ExtensionScope } from './extension-analysis.repository';
import { periodInstants } from './line-analysis.repository';
import { splitAtUtcDays } from './utc-days';

// The day roll-ups of 内線分析 (migration 0037) must answer exactly what the calls and their legs answer,
// whatever writes them: many calls in one statement, a result or an agent changed, a call moved to
// another day, a leg added after its call or removed, a call deleted.
let t: TestApp;
let tenantUuid: string;
let otherTenant: string;
const users: string[] = [];
const extensions: string[] = [];

const jst = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

function callRow(
  domainUuid: string,
  kind: CallKind,
  result: CallResult,
  at: Date,
  agent: string | null,
  talkSeconds = 0,
) {
  return {
    callUuid: randomUUID(),
    domainUuid,
    callId: randomUUID(),
    kind,
    startStamp: at,
    endStamp: new Date(at.getTime() + 60_000),
    agentUserUuid: agent,
    talkSeconds,
    result,
  };
}

const leg = (domainUuid: string, callId: string, extensionUuid: string, at: Date) => ({
  cdrUuid: randomUUID(),
  domainUuid,
  callUuid: randomUUID(),
  callId,
  originating: false,
  extensionUuid,
  direction: 'local' as const,
  startStamp: at,
});

/** Periods whose ends fall inside UTC days and on them, in Tokyo, London (summer time) and UTC. */
const PERIODS: [string, string, string][] = [
  ['Asia/Tokyo', '2026-11-01', '2026-11-30'],
  ['Asia/Tokyo', '2026-11-10', '2026-11-10'],
  ['Asia/Tokyo', '2026-11-11', '2026-11-20'],
  ['UTC', '2026-11-01', '2026-11-30'],
  ['Europe/London', '2026-10-01', '2026-11-30'],
  ['Europe/London', '2026-11-01', '2026-11-30'],
];

/** Both sources, every period: equal, and the roll-ups really read where whole UTC days exist. */
async function expectSameFromBoth() {
  for (const [timeZone, from, to] of PERIODS) {
    const scope: ExtensionScope = {
      tenantUuid,
      timeZone,
      ...(await periodInstants(t.database.db, timeZone, { from, to })),
    };
    const handled = await handledByUser(t.database.db, scope, 'days');
    expect(handled).toEqual(await handledByUser(t.database.db, scope, 'calls'));
    const missed = await missedByUser(t.database.db, scope, 'days');
    expect(missed).toEqual(await missedByUser(t.database.db, scope, 'calls'));
  }
}

/** The roll-up rows of the tenant, against a direct count of its calls per user and UTC day. */
async function expectRowsAsCounted() {
  const kept = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`
      SELECT day::text, user_uuid::text, inbound + outbound + internal AS handled, talk_seconds::int AS talk
        FROM user_call_days WHERE domain_uuid = ${tenantUuid} ORDER BY 1, 2`),
  );
  const counted = rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`
      SELECT (start_stamp AT TIME ZONE 'UTC')::date::text AS day, agent_user_uuid::text AS user_uuid,
             count(*)::int AS handled,
             coalesce(sum(talk_seconds) FILTER (WHERE result = 'answered'), 0)::int AS talk
        FROM calls
       WHERE domain_uuid = ${tenantUuid} AND agent_user_uuid IS NOT NULL
         AND (kind <> 'inbound' OR result = 'answered')
       GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  expect(kept.map((r) => ({ ...r, handled: Number(r.handled) }))).toEqual(counted);
}

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  tenantUuid = tenant.domainUuid;
  for (const userNm of ['佐藤 彩', '高橋 健', '鈴木 美緒']) {
    const e = await t.build.extension(tenant);
    users.push((await t.build.user(tenant, { userNm, extensionUuid: e.extensionUuid })).userUuid);
    extensions.push(e.extensionUuid);
  }
  const other = await t.build.tenant();
  otherTenant = other.domainUuid;
  const otherUser = (await t.build.user(other, {})).userUuid;
  const [aya, ken, mio] = users as [string, string, string];
  // One statement of many calls over several days, around Tokyo's and UTC's midnights.
  const rows = [
    callRow(tenantUuid, 'inbound', 'answered', jst('2026-11-10', '08:59:00'), aya, 100),
    callRow(tenantUuid, 'inbound', 'answered', jst('2026-11-10', '09:00:00'), ken, 200),
    callRow(tenantUuid, 'inbound', 'missed', jst('2026-11-10', '10:00:00'), null),
    callRow(tenantUuid, 'inbound', 'voicemail', jst('2026-11-11', '00:30:00'), null),
    callRow(tenantUuid, 'inbound', 'abandoned_ivr', jst('2026-11-11', '23:30:00'), null),
    callRow(tenantUuid, 'outbound', 'answered', jst('2026-11-01', '00:00:00'), aya, 90),
    callRow(tenantUuid, 'outbound', 'busy', jst('2026-11-30', '23:59:59'), mio),
    callRow(tenantUuid, 'internal', 'answered', jst('2026-11-20', '12:00:00'), ken, 30),
    callRow(tenantUuid, 'internal', 'missed', jst('2026-10-15', '12:00:00'), mio),
    callRow(otherTenant, 'inbound', 'answered', jst('2026-11-10', '09:00:00'), otherUser, 50),
  ];
  await t.database.db.insert(calls).values(rows);
  // Legs: the missed call rang 彩 twice and 健 once; the voicemail rang 美緒.
  await t.database.db
    .insert(cdrs)
    .values([
      leg(tenantUuid, rows[2]!.callId, extensions[0]!, rows[2]!.startStamp),
      leg(tenantUuid, rows[2]!.callId, extensions[0]!, rows[2]!.startStamp),
      leg(tenantUuid, rows[2]!.callId, extensions[1]!, rows[2]!.startStamp),
      leg(tenantUuid, rows[3]!.callId, extensions[2]!, rows[3]!.startStamp),
    ]);
});
afterAll(() => t.close());

describe('the day roll-ups of the extension analysis', () => {
  it('read whole UTC days from the roll-ups and the rest from the calls', () => {
    expect(
      splitAtUtcDays('Asia/Tokyo', { from: '2026-10-31T15:00:00.000Z', to: '2026-11-30T15:00:00.000Z' }),
    ).toEqual({
      days: { from: '2026-11-01', to: '2026-11-30' },
      edges: [
        { from: '2026-10-31T15:00:00.000Z', to: '2026-11-01T00:00:00.000Z' },
        { from: '2026-11-30T00:00:00.000Z', to: '2026-11-30T15:00:00.000Z' },
      ],
      shift: 9,
    });
    // Summer time ends inside the period: a UTC hour is not always the same local hour.
    expect(
      splitAtUtcDays('Europe/London', { from: '2026-09-30T23:00:00.000Z', to: '2026-11-30T00:00:00.000Z' }),
    ).toBeNull();
  });

  it('answer what the calls and legs answer, after the calls are stored', async () => {
    const month = await periodInstants(t.database.db, 'Asia/Tokyo', { from: '2026-11-01', to: '2026-11-30' });
    const scope = { tenantUuid, timeZone: 'Asia/Tokyo', ...month };
    const missed = await missedByUser(t.database.db, scope, 'days');
    expect(Object.fromEntries(users.map((u) => [u, missed.get(u) ?? 0]))).toEqual({
      [users[0]!]: 1,
      [users[1]!]: 1,
      [users[2]!]: 1,
    });
    const aya = (await handledByUser(t.database.db, scope, 'days')).get(users[0]!);
    expect(aya).toMatchObject({ inbound: 1, outbound: 1, talkSeconds: 190, connected: 2 });
    expect(aya!.byHour[8]).toBe(1);
    expect(aya!.byHour[0]).toBe(1);
    await expectSameFromBoth();
    await expectRowsAsCounted();
  });

  it('follow updated, moved and deleted calls and legs, and keep other tenants apart', async () => {
    const [aya, ken, mio] = users as [string, string, string];
    const db = t.database.db;
    // The missed call is answered after all by 美緒; an internal call changes hands and day.
    await db
      .update(calls)
      .set({ result: 'answered', agentUserUuid: mio, talkSeconds: 15 })
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.result, 'missed'), eq(calls.kind, 'inbound')));
    await db
      .update(calls)
      .set({ agentUserUuid: aya, startStamp: jst('2026-11-21', '02:00:00') })
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.kind, 'internal'), eq(calls.agentUserUuid, ken)));
    await expectSameFromBoth();
    await expectRowsAsCounted();

    // A leg added after its call; then the voicemail's leg removed and the busy call deleted.
    const [voicemail] = await db.select().from(calls).where(eq(calls.result, 'voicemail'));
    await db.insert(cdrs).values(leg(tenantUuid, voicemail!.callId, extensions[0]!, voicemail!.startStamp));
    await expectSameFromBoth();
    await db
      .delete(cdrs)
      .where(and(eq(cdrs.callId, voicemail!.callId), eq(cdrs.extensionUuid, extensions[2]!)));
    await db.delete(calls).where(and(eq(calls.domainUuid, tenantUuid), eq(calls.result, 'busy')));
    await expectSameFromBoth();
    await expectRowsAsCounted();

    const month = await periodInstants(db, 'Asia/Tokyo', { from: '2026-11-01', to: '2026-11-30' });
    const scope = { tenantUuid, timeZone: 'Asia/Tokyo', ...month };
    expect(Object.fromEntries(await missedByUser(db, scope, 'days'))).toEqual({ [aya]: 1 });
    // The other tenant's call on the same day is in its own rows only.
    const others = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM user_call_days WHERE domain_uuid = ${otherTenant}`),
    );
    expect(others[0]!.n).toBe(1);
    expect((await handledByUser(db, scope, 'days')).size).toBe(3);
  });
});
