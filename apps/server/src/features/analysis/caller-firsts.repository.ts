import type { CallGrouping } from '@tsunagu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';
import type { LineScope } from './line-analysis.repository';

/**
 * Per grouping: the chain it reads, its group key, and the day before which a link's previous day
 * makes it its caller's first in the link's group (the period's first day, or a week's or month's).
 */
function byGrouping(grouping: CallGrouping): { chain: string; key: SQL; before: SQL } {
  const first = sql`p.first`;
  const startOf = (unit: string) => sql`greatest(date_trunc(${unit}, f.day::timestamp)::date, ${first})`;
  switch (grouping) {
    case 'hour':
      return { chain: 'hour', key: sql`f.class::text`, before: first };
    case 'weekday':
      return { chain: 'weekday', key: sql`f.class::text`, before: first };
    case 'day':
      return { chain: 'day', key: sql`to_char(f.day, 'YYYY-MM-DD')`, before: sql`'infinity'::date` };
    case 'week':
      return {
        chain: 'day',
        key: sql`to_char(date_trunc('week', f.day::timestamp), 'YYYY-MM-DD')`,
        before: startOf('week'),
      };
    case 'month':
      return { chain: 'day', key: sql`to_char(f.day, 'YYYY-MM')`, before: startOf('month') };
  }
}

/**
 * The distinct callers per group and for the whole scope (key null), exact, from the callers' chains
 * of active days (migration 0040): each caller counted at its first link in a group. The scope's zone
 * must be the tenant's (the chains are in its local days) and its left-out days its public holidays.
 */
export async function distinctCallers(
  conn: Conn,
  scope: LineScope,
  grouping: CallGrouping,
): Promise<Map<string | null, number>> {
  const { chain, key, before } = byGrouping(grouping);
  const variant = sql`f.domain_uuid = ${scope.tenantUuid} AND f.incoming_number = ${scope.incomingNumber ?? ''}
    AND f.in_hours = ${scope.businessHoursOnly} AND f.workdays = ${scope.excludedDays.length > 0}
    AND f.day >= p.first AND f.day < p.after`;
  const rows = rowsOf<{ key: string | null; callers: string | number }>(
    await conn.execute(sql`
      WITH p AS (SELECT (${scope.from}::timestamptz AT TIME ZONE ${scope.timeZone})::date AS first,
                        (${scope.to}::timestamptz AT TIME ZONE ${scope.timeZone})::date AS after)
      SELECT x.key, sum(x.callers) AS callers FROM (
        SELECT ${key} AS key, f.callers FROM caller_firsts f, p
         WHERE ${variant} AND f.chain = ${chain} AND f.prev < ${before}
        UNION ALL
        SELECT NULL, f.callers FROM caller_firsts f, p
         WHERE ${variant} AND f.chain = 'day' AND f.prev < p.first
      ) x GROUP BY x.key`),
  );
  return new Map(rows.map((r) => [r.key, Number(r.callers)]));
}
