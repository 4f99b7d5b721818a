import type { UserStatus } from '@tsunagu/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';

/** Local midnight of a 'YYYY-MM-DD' day in the zone, as SQL. */
const localMidnight = (date: string, timeZone: string) =>
  sql`((${date}::date)::timestamp AT TIME ZONE ${timeZone})`;

export interface StatusStretch {
  userUuid: string;
  status: UserStatus;
  start: Date;
  end: Date;
}

interface StretchPeriod {
  from: string;
  to: string;
  timeZone: string;
  now: Date;
  userUuid?: string | null;
}

/**
 * Every user's statuses as stretches clipped to [start, stop): the status a user was in at `start` (the
 * last change before it, one index read per user) followed by the changes inside it. One user's only,
 * when `userUuid` is given.
 */
function stretchesBetween(tenantUuid: string, start: SQL, stop: SQL, userUuid?: string | null): SQL {
  const oneUser = userUuid ? sql`AND u.user_uuid = ${userUuid}` : sql``;
  return sql`
    WITH bounds AS (SELECT ${start} AS start, ${stop} AS stop),
    tenant_users AS (SELECT u.user_uuid FROM users u WHERE u.domain_uuid = ${tenantUuid} ${oneUser}),
    changes AS (
      SELECT u.user_uuid, before.to_status AS status, b.start AS at, 0::bigint AS seq
        FROM tenant_users u CROSS JOIN bounds b
        CROSS JOIN LATERAL (
          SELECT c.to_status FROM user_status_changes c
           WHERE c.user_uuid = u.user_uuid AND c.changed_at < b.start
           ORDER BY c.changed_at DESC, c.change_id DESC LIMIT 1
        ) before
      UNION ALL
      SELECT c.user_uuid, c.to_status, c.changed_at, c.change_id
        FROM user_status_changes c JOIN tenant_users u USING (user_uuid) CROSS JOIN bounds b
       WHERE c.domain_uuid = ${tenantUuid} AND c.changed_at >= b.start AND c.changed_at < b.stop
    ),
    stretches AS (
      SELECT user_uuid, status, at AS start,
             COALESCE(LEAD(at) OVER (PARTITION BY user_uuid ORDER BY at, seq), (SELECT stop FROM bounds)) AS stop
        FROM changes
    )`;
}

/** The period's end: the day after `to` 00:00 (a local day may have 23 or 25 hours), or `now` when earlier. */
const periodStop = (period: StretchPeriod) =>
  sql`LEAST(((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone}), ${period.now.toISOString()}::timestamptz)`;

/** The stretches of the whole period, from the changes. */
const stretchesSql = (tenantUuid: string, period: StretchPeriod) =>
  stretchesBetween(
    tenantUuid,
    localMidnight(period.from, period.timeZone),
    periodStop(period),
    period.userUuid,
  );

/** One user's stretches in time order (the day-by-day timeline). */
export async function statusStretches(
  conn: Conn,
  tenantUuid: string,
  period: StretchPeriod & { userUuid: string },
): Promise<StatusStretch[]> {
  const result = await conn.execute(sql`${stretchesSql(tenantUuid, period)}
    SELECT user_uuid AS "userUuid", status, start, stop AS "end" FROM stretches
     WHERE stop > start ORDER BY user_uuid, start`);
  return rowsOf<{ userUuid: string; status: UserStatus; start: Date | string; end: Date | string }>(
    result,
  ).map((r) => ({ userUuid: r.userUuid, status: r.status, start: new Date(r.start), end: new Date(r.end) }));
}

type SecondsRow = { userUuid: string; status: UserStatus; seconds: number };

const secondsOf = (
  rows: { userUuid: string; status: UserStatus; seconds: string | number }[],
): SecondsRow[] => rows.map((r) => ({ userUuid: r.userUuid, status: r.status, seconds: Number(r.seconds) }));

/** Seconds per user and status over the period, summed from the changes themselves (the reference). */
export async function statusSecondsFromChanges(
  conn: Conn,
  tenantUuid: string,
  period: StretchPeriod,
): Promise<SecondsRow[]> {
  const result = await conn.execute(sql`${stretchesSql(tenantUuid, period)}
    SELECT user_uuid AS "userUuid", status, sum(extract(epoch FROM stop - start)) AS seconds FROM stretches
     WHERE stop > start GROUP BY 1, 2`);
  return secondsOf(rowsOf(result));
}

/**
 * Seconds per user and status over the period: a year of a large tenant is hundreds of thousands of
 * changes, so the days before today are read from their roll-up (status_days, migration 0030: ~6 rows a
 * user-day), the open stretch from each user's last change is added over them, and today (up to `now`)
 * is summed from its changes. Exactly what the changes answer (status-days.test.ts).
 */
export async function statusSeconds(
  conn: Conn,
  tenantUuid: string,
  period: StretchPeriod,
): Promise<SecondsRow[]> {
  const { from, to, timeZone, now, userUuid } = period;
  // The first day not read from the roll-up: today (its stretch may still be open), or the day after the period.
  const cutDay = sql`GREATEST(${from}::date, LEAST(${to}::date + 1, (${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date))`;
  const cut = sql`((${cutDay})::timestamp AT TIME ZONE ${timeZone})`;
  const start = localMidnight(from, timeZone);
  const oneUser = (column: SQL) => (userUuid ? sql`AND ${column} = ${userUuid}` : sql``);
  const result = await conn.execute(sql`${stretchesBetween(tenantUuid, cut, periodStop(period), userUuid)},
    parts AS (
      -- Summed on its own, the days' part can be scanned in parallel.
      (SELECT d.user_uuid, d.status, sum(d.seconds) AS seconds FROM status_days d
        WHERE d.domain_uuid = ${tenantUuid} AND d.day >= ${from}::date AND d.day < ${cutDay} ${oneUser(sql`d.user_uuid`)}
        GROUP BY 1, 2)
      UNION ALL
      SELECT u.user_uuid, last.to_status, extract(epoch FROM ${cut} - GREATEST(${start}, last.changed_at))
        FROM users u CROSS JOIN LATERAL (
          SELECT c.to_status, c.changed_at FROM user_status_changes c WHERE c.user_uuid = u.user_uuid
           ORDER BY c.changed_at DESC, c.change_id DESC LIMIT 1
        ) last
       WHERE u.domain_uuid = ${tenantUuid} ${oneUser(sql`u.user_uuid`)} AND ${cut} > GREATEST(${start}, last.changed_at)
      UNION ALL
      SELECT user_uuid, status, extract(epoch FROM stop - start) FROM stretches WHERE stop > start
    )
    SELECT user_uuid AS "userUuid", status, sum(seconds) AS seconds FROM parts GROUP BY 1, 2`);
  return secondsOf(rowsOf(result));
}

/** The tenant's users with their extension, by name. */
export async function tenantUsers(conn: Conn, tenantUuid: string) {
  const result = await conn.execute(sql`
    SELECT u.user_uuid AS "userUuid", u.user_nm AS "userNm", e.extension
      FROM users u LEFT JOIN extensions e ON e.extension_uuid = u.extension_uuid
     WHERE u.domain_uuid = ${tenantUuid}
     ORDER BY e.extension NULLS LAST, u.user_nm`);
  return rowsOf<{ userUuid: string; userNm: string; extension: string | null }>(result);
}
