import { MISSED_RESULTS, type UserStatus } from '@tsunagu/contract';
import { sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';

/** Today's start in the zone, and the same weekday a week before (start and end), as instants. */
export async function dayBounds(conn: Conn, timeZone: string, now: Date) {
  const [row] = rowsOf<{
    today: string | Date;
    lastWeek: string | Date;
    lastWeekEnd: string | Date;
    lastWeekDate: string;
    date: string;
  }>(
    await conn.execute(sql`
      WITH d AS (SELECT date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) AS local)
      SELECT d.local AT TIME ZONE ${timeZone} AS today,
             (d.local - interval '7 days') AT TIME ZONE ${timeZone} AS "lastWeek",
             (d.local - interval '6 days') AT TIME ZONE ${timeZone} AS "lastWeekEnd",
             to_char(d.local - interval '7 days', 'YYYY-MM-DD') AS "lastWeekDate",
             to_char(d.local, 'YYYY-MM-DD') AS date
        FROM d`),
  );
  return {
    today: new Date(row!.today),
    lastWeek: new Date(row!.lastWeek),
    lastWeekEnd: new Date(row!.lastWeekEnd),
    lastWeekDate: row!.lastWeekDate,
    date: row!.date,
  };
}

const missed = sql`c.kind = 'inbound' AND c.result IN (${sql.join(
  MISSED_RESULTS.map((r) => sql`${r}`),
  sql`, `,
)})`;

/** The tenant's and the user's counts of calls that started in [from, to). */
export async function callCounts(
  conn: Conn,
  tenantUuid: string,
  user: { userUuid: string; extensionUuid: string | null },
  from: Date,
  to: Date,
) {
  const [row] = rowsOf<Record<string, string | number>>(
    await conn.execute(sql`
      SELECT count(*) FILTER (WHERE c.kind = 'inbound') AS incoming,
             count(*) FILTER (WHERE c.kind = 'inbound' AND c.result = 'answered') AS answered,
             count(*) FILTER (WHERE ${missed}) AS missed,
             count(*) FILTER (WHERE c.kind = 'inbound' AND c.result = 'answered'
                               AND c.agent_user_uuid = ${user.userUuid}) AS "mineAnswered",
             count(*) FILTER (WHERE c.kind = 'outbound' AND c.agent_user_uuid = ${user.userUuid}) AS "minePlaced",
             count(*) FILTER (WHERE ${missed} AND EXISTS (
               SELECT 1 FROM cdrs l
                WHERE l.domain_uuid = c.domain_uuid AND l.call_id = c.call_id
                  AND l.extension_uuid = ${user.extensionUuid})) AS "mineMissed"
        FROM calls c
       WHERE c.domain_uuid = ${tenantUuid} AND c.start_stamp >= ${from.toISOString()}::timestamptz
         AND c.start_stamp < ${to.toISOString()}::timestamptz`),
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    incoming: n('incoming'),
    answered: n('answered'),
    missed: n('missed'),
    mine: { answered: n('mineAnswered'), placed: n('minePlaced'), missed: n('mineMissed') },
  };
}

/** Incoming calls per local hour (0–23) that started in [from, to). */
export async function incomingByHour(conn: Conn, tenantUuid: string, timeZone: string, from: Date, to: Date) {
  const rows = rowsOf<{ hour: number; n: string | number }>(
    await conn.execute(sql`
      SELECT extract(hour FROM c.start_stamp AT TIME ZONE ${timeZone})::int AS hour, count(*) AS n
        FROM calls c
       WHERE c.domain_uuid = ${tenantUuid} AND c.kind = 'inbound'
         AND c.start_stamp >= ${from.toISOString()}::timestamptz AND c.start_stamp < ${to.toISOString()}::timestamptz
       GROUP BY 1`),
  );
  const hours = Array.from({ length: 24 }, () => 0);
  for (const r of rows) hours[r.hour] = Number(r.n);
  return hours;
}

/** The tenant's users with their extension number and stored status. */
export async function usersWithStatus(conn: Conn, tenantUuid: string) {
  return rowsOf<{ userUuid: string; extension: string | null; status: UserStatus | null }>(
    await conn.execute(sql`
      SELECT u.user_uuid AS "userUuid", e.extension, s.status
        FROM users u
        LEFT JOIN extensions e ON e.extension_uuid = u.extension_uuid
        LEFT JOIN user_statuses s ON s.user_uuid = u.user_uuid
       WHERE u.domain_uuid = ${tenantUuid} AND u.enabled`),
  );
}

/** The caller's own extension. */
export async function extensionOf(conn: Conn, userUuid: string): Promise<string | null> {
  const [row] = rowsOf<{ extensionUuid: string | null }>(
    await conn.execute(
      sql`SELECT extension_uuid AS "extensionUuid" FROM users WHERE user_uuid = ${userUuid}`,
    ),
  );
  return row?.extensionUuid ?? null;
}
