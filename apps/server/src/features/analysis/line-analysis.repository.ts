import {
  answerRate,
  MISSED_RESULTS,
  zoneClock,
  type CallGrouping,
  type LineFigures,
} from '@tsunagu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';
import { tenantTimeZone } from './analysis.repository';
import { distinctCallers } from './caller-firsts.repository';

const HOUR_MS = 3_600_000;

export interface LineScope {
  tenantUuid: string;
  timeZone: string;
  /** [from, to) instants of the period's local days. */
  from: string;
  to: string;
  incomingNumber?: string | null;
  businessHoursOnly: boolean;
  /** Local dates left out ('YYYY-MM-DD'). */
  excludedDays: readonly string[];
}

/** The group key of an instant (a call's start, an hour), as text, in the tenant's zone. */
function groupKey(grouping: CallGrouping, timeZone: string, instant: SQL = sql`c.start_stamp`): SQL {
  const at = sql`(${instant} AT TIME ZONE ${timeZone})`;
  switch (grouping) {
    case 'hour':
      return sql`extract(hour FROM ${at})::int::text`;
    case 'day':
      return sql`to_char(${at}, 'YYYY-MM-DD')`;
    case 'weekday':
      return sql`extract(isodow FROM ${at})::int::text`;
    case 'week':
      return sql`to_char(date_trunc('week', ${at}), 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(${at}, 'YYYY-MM')`;
  }
}

const MISSED = sql.join(
  MISSED_RESULTS.map((r) => sql`${r}`),
  sql`, `,
);
const missed = sql`c.kind = 'inbound' AND c.result IN (${MISSED})`;

/**
 * The rows of the scope — calls (alias c) or call hours (alias h, `at` their hour) — by the period, the
 * incoming number, business hours and holidays.
 */
function where(scope: LineScope, alias: 'c' | 'h' = 'c'): SQL {
  const a = sql.raw(alias);
  const at = alias === 'c' ? sql`c.start_stamp` : sql`h.hour`;
  const parts = [
    sql`${a}.domain_uuid = ${scope.tenantUuid}`,
    sql`${at} >= ${scope.from}::timestamptz`,
    sql`${at} < ${scope.to}::timestamptz`,
  ];
  if (scope.incomingNumber) parts.push(sql`${a}.incoming_number = ${scope.incomingNumber}`);
  if (scope.businessHoursOnly) parts.push(sql`${a}.result <> 'out_of_hours'`);
  // Each left-out day as its [start, end) instants, constants for the plan: no formatting per row.
  for (const day of scope.excludedDays) {
    const start = sql`(${day}::date::timestamp AT TIME ZONE ${scope.timeZone})`;
    const end = sql`((${day}::date + 1)::timestamp AT TIME ZONE ${scope.timeZone})`;
    parts.push(sql`NOT (${at} >= ${start} AND ${at} < ${end})`);
  }
  return sql.join(parts, sql` AND `);
}

const FIGURES = sql`
  count(*) FILTER (WHERE c.kind = 'inbound') AS incoming,
  count(*) FILTER (WHERE c.kind = 'inbound' AND c.result = 'answered') AS answered,
  count(*) FILTER (WHERE ${missed}) AS missed,
  count(*) FILTER (WHERE c.kind = 'inbound' AND c.result = 'abandoned_ivr') AS "abandonedIvr",
  count(*) FILTER (WHERE c.kind = 'inbound' AND c.result = 'out_of_hours') AS "outOfHours",
  avg(c.ring_seconds) FILTER (WHERE c.kind = 'inbound' AND c.result = 'answered') AS "averageWait",
  max(c.ring_seconds) FILTER (WHERE c.kind = 'inbound' AND c.result = 'answered') AS "longestWait",
  count(*) FILTER (WHERE c.kind = 'outbound') AS outgoing,
  count(*) FILTER (WHERE c.kind = 'outbound' AND c.result = 'answered') AS connected,
  avg(c.talk_seconds) FILTER (WHERE c.kind <> 'internal' AND c.result = 'answered') AS "averageTalk",
  count(DISTINCT c.outside_key) FILTER (WHERE c.kind = 'inbound') AS "distinctCallers"`;

/** FIGURES from call hours (alias h), but the distinct callers, which do not add up over hours. */
const answeredIn = sql`h.kind = 'inbound' AND h.result = 'answered'`;
const talked = sql`h.kind <> 'internal' AND h.result = 'answered'`;
const HOUR_FIGURES = sql`
  sum(h.calls) FILTER (WHERE h.kind = 'inbound') AS incoming,
  sum(h.calls) FILTER (WHERE ${answeredIn}) AS answered,
  sum(h.calls) FILTER (WHERE h.kind = 'inbound' AND h.result IN (${MISSED})) AS missed,
  sum(h.calls) FILTER (WHERE h.kind = 'inbound' AND h.result = 'abandoned_ivr') AS "abandonedIvr",
  sum(h.calls) FILTER (WHERE h.kind = 'inbound' AND h.result = 'out_of_hours') AS "outOfHours",
  sum(h.ring_seconds) FILTER (WHERE ${answeredIn})::numeric
    / nullif(sum(h.calls) FILTER (WHERE ${answeredIn}), 0) AS "averageWait",
  max(h.ring_max) FILTER (WHERE ${answeredIn}) AS "longestWait",
  sum(h.calls) FILTER (WHERE h.kind = 'outbound') AS outgoing,
  sum(h.calls) FILTER (WHERE h.kind = 'outbound' AND h.result = 'answered') AS connected,
  sum(h.talk_seconds) FILTER (WHERE ${talked})::numeric
    / nullif(sum(h.calls) FILTER (WHERE ${talked}), 0) AS "averageTalk"`;

type Raw = Record<string, string | number | null>;

function figures(row: Raw | undefined): LineFigures {
  const n = (key: string) => Number(row?.[key] ?? 0);
  const maybe = (key: string) => (row?.[key] === null || row?.[key] === undefined ? null : Number(row[key]));
  return {
    incoming: n('incoming'),
    answered: n('answered'),
    missed: n('missed'),
    abandonedIvr: n('abandonedIvr'),
    outOfHours: n('outOfHours'),
    answerRate: answerRate(n('answered'), n('incoming')),
    averageWait: maybe('averageWait'),
    longestWait: maybe('longestWait'),
    outgoing: n('outgoing'),
    connected: n('connected'),
    averageTalk: maybe('averageTalk'),
    distinctCallers: n('distinctCallers'),
  };
}

type Part = Raw & { part: number; dow: number | null; hour: number | null };

/**
 * The figures per group and for the whole scope, and incoming and missed calls by ISO weekday (row 0 =
 * Monday) × local hour, each in one pass (grouping sets). Where the tenant's zone is a whole number of
 * hours from UTC over the period, every local hour is a UTC hour and the figures come from the call
 * hours (a year: thousands of rows, not a million calls), the distinct callers from the callers' chains
 * (caller-firsts.repository.ts). Otherwise (India, Nepal …) everything comes from the calls.
 */
export async function lineFigures(
  conn: Conn,
  scope: LineScope,
  grouping: CallGrouping,
  source: 'hours' | 'calls' = wholeHours(scope) ? 'hours' : 'calls',
) {
  const byHours = source === 'hours';
  const rows = byHours
    ? await partsOf(conn, sql`call_hours h`, sql`h.hour`, HOUR_FIGURES, scope, grouping, 'h')
    : await partsOf(conn, sql`calls c`, sql`c.start_stamp`, FIGURES, scope, grouping, 'c');
  if (byHours) {
    const count = await callersOf(conn, scope, grouping);
    for (const r of rows)
      if (Number(r.part) !== 4) r.distinctCallers = count.get(r.key as string | null) ?? 0;
  }
  // GROUPING's bits (key, dow, hour): 3 = by key, 4 = by weekday × hour, 7 = the whole scope.
  const grid = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const incoming = grid();
  const missedGrid = grid();
  for (const r of rows.filter((r) => Number(r.part) === 4)) {
    incoming[r.dow! - 1]![r.hour!] = Number(r.incoming ?? 0);
    missedGrid[r.dow! - 1]![r.hour!] = Number(r.missed ?? 0);
  }
  return {
    groups: rows
      .filter((r) => Number(r.part) === 3)
      .map((row) => ({ key: String(row.key), figures: figures(row) })),
    total: figures(rows.find((r) => Number(r.part) === 7)),
    heatmap: { incoming, missed: missedGrid },
  };
}

/** The distinct callers per group (key null: the whole scope); from the calls where the scope's zone is not the tenant's. */
async function callersOf(conn: Conn, scope: LineScope, grouping: CallGrouping) {
  if ((await tenantTimeZone(conn, scope.tenantUuid)) === scope.timeZone)
    return distinctCallers(conn, scope, grouping);
  const callers = rowsOf<{ part: number; key: string | null; distinctCallers: string | number }>(
    await conn.execute(sql`
      SELECT GROUPING(g.key) AS part, g.key, count(DISTINCT c.outside_key) AS "distinctCallers"
        FROM calls c CROSS JOIN LATERAL (SELECT ${groupKey(grouping, scope.timeZone)} AS key) g
       WHERE ${where(scope)} AND c.kind = 'inbound'
       GROUP BY GROUPING SETS ((g.key), ())`),
  );
  return new Map(callers.map((r) => [Number(r.part) === 1 ? null : r.key, Number(r.distinctCallers)]));
}

async function partsOf(
  conn: Conn,
  from: SQL,
  instant: SQL,
  measures: SQL,
  scope: LineScope,
  grouping: CallGrouping,
  alias: 'c' | 'h',
): Promise<Part[]> {
  const at = sql`(${instant} AT TIME ZONE ${scope.timeZone})`;
  return rowsOf<Part>(
    await conn.execute(sql`
      SELECT GROUPING(g.key, g.dow, g.hour) AS part, g.key, g.dow, g.hour, ${measures}
        FROM ${from}
        CROSS JOIN LATERAL (SELECT ${groupKey(grouping, scope.timeZone, instant)} AS key,
                                   extract(isodow FROM ${at})::int AS dow, extract(hour FROM ${at})::int AS hour) g
       WHERE ${where(scope, alias)}
       GROUP BY GROUPING SETS ((g.key), (g.dow, g.hour), ())
       ORDER BY 1, 2`),
  );
}

/** True when the zone's offset is whole hours at both ends of the period (so at every hour of it). */
function wholeHours(scope: LineScope): boolean {
  const clock = zoneClock(scope.timeZone);
  return [Date.parse(scope.from), Date.parse(scope.to) - 1].every((t) => clock.offsetAt(t) % HOUR_MS === 0);
}

/** The tenant's incoming numbers. */
export async function incomingNumbers(conn: Conn, tenantUuid: string): Promise<string[]> {
  const rows = rowsOf<{ n: string }>(
    await conn.execute(
      sql`SELECT DISTINCT destination_number AS n FROM destinations WHERE domain_uuid = ${tenantUuid} ORDER BY 1`,
    ),
  );
  return rows.map((r) => r.n);
}

/** The [from, to) instants of whole local days. */
export async function periodInstants(conn: Conn, timeZone: string, period: { from: string; to: string }) {
  const [row] = rowsOf<{ from: string | Date; to: string | Date }>(
    await conn.execute(sql`
      SELECT (${period.from}::date)::timestamp AT TIME ZONE ${timeZone} AS "from",
             ((${period.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}) AS "to"`),
  );
  return { from: new Date(row!.from).toISOString(), to: new Date(row!.to).toISOString() };
}
