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
 * Every user's statuses as stretches clipped to [from 00:00, the day after `to` 00:00) and to `now`:
 * the status a user was in when the period began (the last change before it, one index read per user)
 * followed by the changes inside it. One user's only, when `userUuid` is given.
 */
function stretchesSql(tenantUuid: string, period: StretchPeriod): SQL {
  const start = localMidnight(period.from, period.timeZone);
  const stop = sql`LEAST(${localMidnight(period.to, period.timeZone)} + interval '1 day', ${period.now.toISOString()}::timestamptz)`;
  const oneUser = period.userUuid ? sql`AND u.user_uuid = ${period.userUuid}` : sql``;
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

/**
 * Seconds per user and status over the period, summed by the database: a year of a large tenant's
 * changes is hundreds of thousands of stretches, and only their sums leave the server.
 */
export async function statusSeconds(
  conn: Conn,
  tenantUuid: string,
  period: StretchPeriod,
): Promise<{ userUuid: string; status: UserStatus; seconds: number }[]> {
  const result = await conn.execute(sql`${stretchesSql(tenantUuid, period)}
    SELECT user_uuid AS "userUuid", status, sum(extract(epoch FROM stop - start)) AS seconds FROM stretches
     WHERE stop > start GROUP BY 1, 2`);
  return rowsOf<{ userUuid: string; status: UserStatus; seconds: string | number }>(result).map((r) => ({
    userUuid: r.userUuid,
    status: r.status,
    seconds: Number(r.seconds),
  }));
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
