import { answerRate, MISSED_RESULTS, type CallGrouping, type LineFigures } from '@tsunagu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';

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

const local = (timeZone: string) => sql`(c.start_stamp AT TIME ZONE ${timeZone})`;

/** The group key of a call, as text, in the tenant's zone. */
function groupKey(grouping: CallGrouping, timeZone: string): SQL {
  const at = local(timeZone);
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

const missed = sql`c.kind = 'inbound' AND c.result IN (${sql.join(
  MISSED_RESULTS.map((r) => sql`${r}`),
  sql`, `,
)})`;

/** The calls of the scope: the period, the incoming number, business hours and holidays. */
function where(scope: LineScope): SQL {
  const parts = [
    sql`c.domain_uuid = ${scope.tenantUuid}`,
    sql`c.start_stamp >= ${scope.from}::timestamptz`,
    sql`c.start_stamp < ${scope.to}::timestamptz`,
  ];
  if (scope.incomingNumber) parts.push(sql`c.incoming_number = ${scope.incomingNumber}`);
  if (scope.businessHoursOnly) parts.push(sql`c.result <> 'out_of_hours'`);
  if (scope.excludedDays.length > 0) {
    parts.push(
      sql`to_char(${local(scope.timeZone)}, 'YYYY-MM-DD') NOT IN (${sql.join(
        scope.excludedDays.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
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

/** The figures per group, and for the whole scope. */
export async function lineFigures(conn: Conn, scope: LineScope, grouping: CallGrouping) {
  const key = groupKey(grouping, scope.timeZone);
  const [grouped, total] = await Promise.all([
    conn.execute(
      sql`SELECT ${key} AS key, ${FIGURES} FROM calls c WHERE ${where(scope)} GROUP BY 1 ORDER BY 1`,
    ),
    conn.execute(sql`SELECT ${FIGURES} FROM calls c WHERE ${where(scope)}`),
  ]);
  return {
    groups: rowsOf<Raw>(grouped).map((row) => ({ key: String(row.key), figures: figures(row) })),
    total: figures(rowsOf<Raw>(total)[0]),
  };
}

/** Incoming and missed calls by ISO weekday (row 0 = Monday) × local hour. */
export async function lineHeatmap(conn: Conn, scope: LineScope) {
  const at = local(scope.timeZone);
  const rows = rowsOf<{ dow: number; hour: number; incoming: string | number; missed: string | number }>(
    await conn.execute(sql`
      SELECT extract(isodow FROM ${at})::int AS dow, extract(hour FROM ${at})::int AS hour,
             count(*) FILTER (WHERE c.kind = 'inbound') AS incoming, count(*) FILTER (WHERE ${missed}) AS missed
        FROM calls c WHERE ${where(scope)} GROUP BY 1, 2`),
  );
  const grid = () => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const incoming = grid();
  const missedGrid = grid();
  for (const r of rows) {
    incoming[r.dow - 1]![r.hour] = Number(r.incoming);
    missedGrid[r.dow - 1]![r.hour] = Number(r.missed);
  }
  return { incoming, missed: missedGrid };
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
