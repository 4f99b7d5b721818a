import { and, eq, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { rowsOf } from '../db/migrate';
import { realtimeConnections, realtimeInstances, sessions } from '../db/schema';
import { SESSION_IDLE_MS } from '../auth/sessions.repository';

/** How often an instance marks itself seen. */
export const INSTANCE_BEAT_MS = 20_000;
/** An instance not seen for this long is gone: its connections no longer count and are deleted. */
export const INSTANCE_GONE_MS = 60_000;

/** The instants an online count compares with (prepared statements take them as placeholders). */
export const onlineAt = (now: Date) => ({
  now,
  idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  aliveSince: new Date(now.getTime() - INSTANCE_GONE_MS),
});

/** onlineAt's instants as placeholders, for a prepared statement executed with onlineAt(now). */
export const onlinePlaceholders = {
  now: sql.placeholder('now'),
  idleSince: sql.placeholder('idleSince'),
  aliveSince: sql.placeholder('aliveSince'),
};

type Value = string | Date | SQLWrapper;

type Instants = { now: Value; idleSince: Value; aliveSince: Value };

/**
 * Per user of the sessions `which` selects, the sessions that are online (presence's loginCnt): live,
 * and with a real-time connection open on an instance that is still alive.
 */
const onlineSessions = (which: SQLWrapper, at: Instants) => sql`
  FROM ${sessions}
  WHERE ${which} AND ${sessions.revokedAt} IS NULL
    AND ${sessions.expiresAt} > ${at.now} AND ${sessions.lastSeenAt} > ${at.idleSince}
    AND EXISTS (SELECT 1 FROM ${realtimeConnections} JOIN ${realtimeInstances}
      ON ${realtimeInstances.instanceId} = ${realtimeConnections.instanceId}
      WHERE ${realtimeConnections.sessionUuid} = ${sessions.sessionUuid}
        AND ${realtimeInstances.seenAt} > ${at.aliveSince})`;

const onlineCountsWhere = (which: SQLWrapper, at: Instants) => sql`
  SELECT ${sessions.userUuid} AS user_uuid, count(*)::int AS n ${onlineSessions(which, at)}
  GROUP BY ${sessions.userUuid}`;

/** The online count of the user `userUuid` names (a column of an outer query), as a scalar subquery. */
export const onlineCountOf = (userUuid: SQLWrapper, at: Instants) =>
  sql<number>`(SELECT count(*)::int ${onlineSessions(sql`${sessions.userUuid} = ${userUuid}`, at)})`;

/** onlineCountsWhere for a tenant, for reads that fold it into a larger statement. */
export const onlineCounts = (tenantUuid: Value, at: Instants) =>
  onlineCountsWhere(sql`${sessions.domainUuid} = ${tenantUuid}`, at);

/** Online sessions per user of a tenant (see onlineCounts). */
export async function onlineSessionCounts(
  conn: Conn,
  tenantUuid: string,
  now: Date,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ user_uuid: string; n: number }>(
    await conn.execute(onlineCounts(tenantUuid, onlineAt(now))),
  );
  return new Map(rows.map((r) => [r.user_uuid, r.n]));
}

/** A user of a tenant whose online count may have changed. */
export interface PresenceChange {
  domainUuid: string;
  userUuid: string;
}

/** Online sessions of the given users (absent: none), one statement whatever their number. */
export async function onlineCountsOfUsers(
  conn: Conn,
  userUuids: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (userUuids.length === 0) return new Map();
  const rows = rowsOf<{ user_uuid: string; n: number }>(
    await conn.execute(onlineCountsWhere(inArray(sessions.userUuid, userUuids), onlineAt(now))),
  );
  return new Map(rows.map((r) => [r.user_uuid, r.n]));
}

/** Deletes the instances' rows (their connections go with them); returns the users who had some. */
async function dropInstances(conn: Conn, gone: SQLWrapper): Promise<PresenceChange[]> {
  // The statement's SELECT sees the connections as they were before the cascade removed them.
  const rows = rowsOf<{ domain_uuid: string; user_uuid: string }>(
    await conn.execute(sql`
      WITH gone AS (DELETE FROM ${realtimeInstances} WHERE ${gone} RETURNING instance_id)
      SELECT DISTINCT s.domain_uuid, s.user_uuid FROM gone
        JOIN realtime_connections c ON c.instance_id = gone.instance_id
        JOIN sessions s ON s.session_uuid = c.session_uuid`),
  );
  return rows.map((r) => ({ domainUuid: r.domain_uuid, userUuid: r.user_uuid }));
}

/**
 * Starts an instance afresh: what it held before a restart (a crash leaves rows behind) is cleared.
 * Returns the users whose presence changed.
 */
export async function claimInstance(conn: Conn, instanceId: string, now: Date): Promise<PresenceChange[]> {
  const changed = await dropInstances(conn, eq(realtimeInstances.instanceId, instanceId));
  await conn.insert(realtimeInstances).values({ instanceId, seenAt: now });
  return changed;
}

/** A stopping instance's connections stop counting at once; returns the users whose presence changed. */
export function releaseInstance(conn: Conn, instanceId: string): Promise<PresenceChange[]> {
  return dropInstances(conn, eq(realtimeInstances.instanceId, instanceId));
}

/**
 * Marks the instance seen and deletes instances gone silent. When this instance itself had been taken
 * for gone (a long database outage), its row is written anew and `lost` is true: its connections must
 * be written again. Returns the users whose presence changed by the deletion.
 */
export async function beatInstance(
  conn: Conn,
  instanceId: string,
  now: Date,
): Promise<{ lost: boolean; changed: PresenceChange[] }> {
  const seen = await conn
    .update(realtimeInstances)
    .set({ seenAt: now })
    .where(eq(realtimeInstances.instanceId, instanceId))
    .returning({ instanceId: realtimeInstances.instanceId });
  if (seen.length === 0) await conn.insert(realtimeInstances).values({ instanceId, seenAt: now });
  const changed = await dropInstances(
    conn,
    and(
      lt(realtimeInstances.seenAt, new Date(now.getTime() - INSTANCE_GONE_MS)),
      sql`${realtimeInstances.instanceId} <> ${instanceId}`,
    )!,
  );
  return { lost: seen.length === 0, changed };
}

/**
 * Records how many real-time connections each session has open on this instance (0 deletes its row),
 * in one statement however many there are; openings also mark their sessions seen. Sessions deleted
 * meanwhile are left out.
 */
export async function writeConnections(
  conn: Conn,
  instanceId: string,
  counts: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  const open = [...counts].filter(([, n]) => n > 0);
  const closed = [...counts].filter(([, n]) => n <= 0).map(([sessionUuid]) => sessionUuid);
  const none = sql`SELECT NULL::uuid, NULL::int WHERE false`;
  const openRows =
    open.length > 0
      ? sql`VALUES ${sql.join(
          open.map(([s, n]) => sql`(${s}::uuid, ${n}::int)`),
          sql`, `,
        )}`
      : none;
  const closedList = closed.length > 0 ? inArray(realtimeConnections.sessionUuid, closed) : sql`false`;
  // Data-modifying CTEs all run, whether or not the outer statement reads them.
  await conn.execute(sql`
    WITH opened (session_uuid, connections) AS (${openRows}),
    closed AS (DELETE FROM ${realtimeConnections}
      WHERE ${realtimeConnections.instanceId} = ${instanceId} AND ${closedList}),
    seen AS (UPDATE ${sessions} SET last_seen_at = ${now}
      WHERE ${sessions.sessionUuid} IN (SELECT session_uuid FROM opened))
    INSERT INTO ${realtimeConnections} (session_uuid, instance_id, connections)
    SELECT o.session_uuid, ${instanceId}, o.connections FROM opened o
      WHERE EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.sessionUuid} = o.session_uuid)
    ON CONFLICT (session_uuid, instance_id) DO UPDATE SET connections = excluded.connections`);
}
