import { randomUUID } from 'node:crypto';
import { CALL_GROUPINGS, holidaysIn, type CallKind, type CallResult } from '@tsunagu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { calls, domains } from '../../platform/db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { distinctCallers } from './caller-firsts.repository';
import { lineFigures, periodInstants, type LineScope } from './line-analysis.repository';

// The callers' chains (migration 0040) must give exactly the distinct callers the calls give, for every
// grouping and filter, whatever writes the calls (many in one statement, a result, a number or a caller
// changed, a call moved to another day, a delete) and in any zone (a whole number of hours from UTC or not).
let t: TestApp;
let tenantUuid: string;
let otherTenant: string;

const at = (iso: string) => new Date(iso);

function callRow(
  domainUuid: string,
  kind: CallKind,
  result: CallResult,
  start: Date,
  caller: string,
  number = '0501',
) {
  return {
    callUuid: randomUUID(),
    domainUuid,
    callId: randomUUID(),
    kind,
    startStamp: start,
    endStamp: new Date(start.getTime() + 60_000),
    outsideNumber: caller,
    outsideKey: caller,
    incomingNumber: kind === 'inbound' ? number : null,
    result,
  };
}

/** Periods over holidays (3 and 23 November), a single day, and two months. */
const PERIODS: [string, string][] = [
  ['2026-11-01', '2026-11-30'],
  ['2026-11-03', '2026-11-03'],
  ['2026-10-01', '2026-11-30'],
];

const FILTERS: Partial<LineScope>[] = [
  {},
  { businessHoursOnly: true },
  { incomingNumber: '0501' },
  { incomingNumber: '0502', businessHoursOnly: true },
];

/** Every period, grouping and filter (holidays in or out): the chains against the calls. */
async function expectExact(timeZone: string) {
  for (const [from, to] of PERIODS) {
    const period = { from, to };
    for (const filter of FILTERS) {
      for (const excludedDays of [[], holidaysIn(period)]) {
        const scope: LineScope = {
          tenantUuid,
          timeZone,
          ...(await periodInstants(t.database.db, timeZone, period)),
          businessHoursOnly: false,
          excludedDays,
          ...filter,
        };
        for (const grouping of CALL_GROUPINGS) {
          const fromCalls = await lineFigures(t.database.db, scope, grouping, 'calls');
          const chains = await distinctCallers(t.database.db, scope, grouping);
          const label = `${timeZone} ${from}–${to} ${grouping} ${JSON.stringify({ ...filter, excludedDays })}`;
          expect(chains.get(null) ?? 0, label).toBe(fromCalls.total.distinctCallers);
          const expected = new Map(
            fromCalls.groups
              .filter((g) => g.figures.distinctCallers > 0)
              .map((g) => [g.key, g.figures.distinctCallers]),
          );
          chains.delete(null);
          expect(chains, label).toEqual(expected);
        }
      }
    }
  }
}

/** The tenant's kept counts equal a recount from scratch. */
async function expectSameAsRebuilt(tenant = tenantUuid) {
  const kept = async () =>
    rowsOf(
      await t.database.db.execute(sql`
        SELECT incoming_number, in_hours, workdays, chain, to_char(day, 'YYYY-MM-DD') AS day, class,
               prev::text AS prev, callers
          FROM caller_firsts WHERE domain_uuid = ${tenant} ORDER BY 1, 2, 3, 4, 5, 6, 7`),
    );
  const before = await kept();
  await t.database.db.execute(sql`SELECT caller_firsts_rebuild(ARRAY[${tenant}]::uuid[])`);
  expect(before).toEqual(await kept());
  expect(before.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await createTestApp();
  tenantUuid = (await t.build.tenant()).domainUuid;
  otherTenant = (await t.build.tenant()).domainUuid;
  const rows = [];
  // Callers A–F over October and November: around local midnights (Tokyo and UTC), on holidays, out of
  // hours, on two numbers, repeatedly on one day and one hour.
  const callers = ['A', 'B', 'C', 'D', 'E', 'F'].map((c) => `03000000${c.charCodeAt(0)}`);
  for (let i = 0; i < 60; i++) {
    const caller = callers[(i * 7) % callers.length]!;
    const day = 1 + ((i * 13) % 30);
    const month = i % 4 === 0 ? '10' : '11';
    const hour = [0, 9, 14, 15, 23][i % 5]!;
    const start = at(`2026-${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:30:00Z`);
    const result: CallResult = i % 6 === 0 ? 'out_of_hours' : i % 5 === 0 ? 'missed' : 'answered';
    rows.push(callRow(tenantUuid, 'inbound', result, start, caller, i % 3 === 0 ? '0502' : '0501'));
  }
  rows.push(callRow(tenantUuid, 'outbound', 'answered', at('2026-11-05T01:00:00Z'), callers[0]!));
  rows.push(callRow(tenantUuid, 'inbound', 'answered', at('2026-11-03T01:00:00Z'), callers[1]!));
  rows.push(callRow(tenantUuid, 'inbound', 'answered', at('2026-11-03T01:10:00Z'), callers[1]!));
  rows.push(callRow(otherTenant, 'inbound', 'answered', at('2026-11-05T01:00:00Z'), '0399999999'));
  await t.database.db.insert(calls).values(rows);
}, 120_000);
afterAll(() => t.close());

describe("the callers' chains (発着信分析's distinct callers)", () => {
  it('count what the calls count after many calls in one statement', async () => {
    await expectExact('Asia/Tokyo');
    await expectSameAsRebuilt();
  });

  it('follow a result, a number and a caller changed, a call moved to another day, and a delete', async () => {
    const db = t.database.db;
    const [first, second, third] = await db
      .select({ callUuid: calls.callUuid })
      .from(calls)
      .where(and(eq(calls.domainUuid, tenantUuid), eq(calls.kind, 'inbound')))
      .orderBy(calls.startStamp)
      .limit(3);
    await db.update(calls).set({ result: 'out_of_hours' }).where(eq(calls.callUuid, first!.callUuid));
    await db.update(calls).set({ incomingNumber: '0502' }).where(eq(calls.callUuid, second!.callUuid));
    await db.update(calls).set({ outsideKey: '0311111111' }).where(eq(calls.callUuid, third!.callUuid));
    await db
      .update(calls)
      .set({ startStamp: at('2026-11-23T03:00:00Z') })
      .where(eq(calls.callUuid, second!.callUuid));
    await expectExact('Asia/Tokyo');
    await db.delete(calls).where(eq(calls.callUuid, first!.callUuid));
    await db.delete(calls).where(and(eq(calls.domainUuid, tenantUuid), eq(calls.outsideKey, '0311111111')));
    await expectExact('Asia/Tokyo');
    await expectSameAsRebuilt();
  });

  it("are recounted in the tenant's new zone, whole hours from UTC or not", async () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Asia/Tokyo']) {
      await t.database.db.update(domains).set({ timeZone: zone }).where(eq(domains.domainUuid, tenantUuid));
      await expectExact(zone);
    }
    await expectSameAsRebuilt();
  });
});

describe("a new call's recount (migration 0047)", () => {
  /**
   * Inserts a call and counts the rows of calls its recount of the callers' chains reads (sequentially
   * and through each index), as the server counts them inside the transaction: the call is stored
   * with that trigger off, then the trigger's function runs on it alone (the calls' other triggers read
   * calls too, by hour and by day).
   */
  async function recountReads(call: ReturnType<typeof callRow>) {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE calls DISABLE TRIGGER caller_firsts_insert`);
      await tx.insert(calls).values(call);
      await tx.execute(sql`ALTER TABLE calls ENABLE TRIGGER caller_firsts_insert`);
      const counted = async () =>
        rowsOf<{ i: string; n: string | number }>(
          await tx.execute(sql`SELECT 'calls' AS i, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS n
              FROM pg_stat_xact_user_tables WHERE relid = 'calls'::regclass
            UNION ALL
            SELECT indexrelid::regclass::text, pg_stat_get_xact_tuples_returned(indexrelid)
              FROM pg_index WHERE indrelid = 'calls'::regclass`),
        );
      const before = new Map((await counted()).map((r) => [r.i, Number(r.n)]));
      await tx.execute(sql`SELECT caller_firsts_change(ARRAY[(1, ${call.callUuid}::uuid, ${call.domainUuid}::uuid,
        ${call.outsideKey}, ${call.incomingNumber}, ${call.result}, ${call.startStamp.toISOString()}::timestamptz
        )::caller_call])`);
      const read = (await counted()).map((r) => [r.i, Number(r.n) - (before.get(r.i) ?? 0)] as const);
      return {
        rows: read.find(([i]) => i === 'calls')![1],
        detail: JSON.stringify(read.filter(([, n]) => n > 0)),
      };
    });
  }

  it("reads the caller's calls back to each touched chain's previous day, not the caller's history", async () => {
    // The same caller in two tenants: 200 days of calls (two a day on two numbers, one out of hours a
    // week, holidays among them) in one, only the last two weeks of them in the other. Every chain a
    // new call at 10:00 on a Thursday is in has its previous day within those two weeks.
    const long = (await t.build.tenant()).domainUuid;
    const short = (await t.build.tenant()).domainUuid;
    const caller = '0312340000';
    const history = (tenant: string, days: number) =>
      Array.from({ length: days }, (_, d) => {
        const day = new Date(Date.UTC(2026, 5, 25) - (d + 1) * 86_400_000); // the days before 25 June
        const rows = [
          callRow(tenant, 'inbound', 'answered', new Date(day.getTime() + 3600_000), caller, '0501'), // 10:00 JST
          callRow(tenant, 'inbound', 'missed', new Date(day.getTime() + 6 * 3600_000), caller, '0502'), // 15:00
        ];
        if (d % 7 === 3)
          rows.push(
            callRow(tenant, 'inbound', 'out_of_hours', new Date(day.getTime() + 12 * 3600_000), caller),
          );
        return rows;
      }).flat();
    await t.database.db.insert(calls).values(history(long, 200));
    await t.database.db.insert(calls).values(history(short, 14));
    // Thursday 25 June 2026, 10:20 in Tokyo.
    const call = (tenant: string) =>
      callRow(tenant, 'inbound', 'answered', at('2026-06-25T01:20:00Z'), caller, '0501');
    const readLong = await recountReads(call(long));
    const readShort = await recountReads(call(short));
    // Before 0047, the caller's whole history was read (both as it is and as it was): the counts differed.
    expect(readLong.rows, `${readLong.detail} ${readShort.detail}`).toBe(readShort.rows);
    // A few calls for each of the new call's 24 chains (8 variants × day, weekday, hour), not the 429.
    expect(readLong.rows, readLong.detail).toBeLessThan(24 * 10);
    // Still exact, for these single calls and for a call moved into the past and back.
    const past = callRow(long, 'inbound', 'answered', at('2026-03-20T05:00:00Z'), caller, '0502');
    await t.database.db.insert(calls).values(past);
    await t.database.db
      .update(calls)
      .set({ startStamp: at('2026-06-20T00:10:00Z') })
      .where(eq(calls.callUuid, past.callUuid));
    await expectSameAsRebuilt(long);
    await expectSameAsRebuilt(short);
  });
});
