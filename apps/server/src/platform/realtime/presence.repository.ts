import { and, eq, lt, sql, type SQLWrapper } from 'drizzle-orm';
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

/**
 * Per user of a tenant, the sessions that are online (presence's loginCnt): live, and with a real-time
 * connection open on an instance that is still alive. For reads that fold it into a larger statement.
 */
export const onlineCounts = (
  domainUuid: Value,
  at: { now: Value; idleSince: Value; aliveSince: Value },
) => sql`
  SELECT ${sessions.userUuid} AS user_uuid, count(*)::int AS n FROM ${sessions}
  WHERE ${sessions.domainUuid} = ${domainUuid} AND ${sessions.revokedAt} IS NULL
    AND ${sessions.expiresAt} > ${at.now} AND ${sessions.lastSeenAt} > ${at.idleSince}
    AND EXISTS (SELECT 1 FROM ${realtimeConnections} JOIN ${realtimeInstances}
      ON ${realtimeInstances.instanceId} = ${realtimeConnections.instanceId}
      WHERE ${realtimeConnections.sessionUuid} = ${sessions.sessionUuid}
        AND ${realtimeInstances.seenAt} > ${at.aliveSince})
  GROUP BY ${sessions.userUuid}`;

/** Online sessions per user of a tenant (see onlineCounts). */
export async function onlineSessionCounts(
  conn: Conn,
  domainUuid: string,
  now: Date,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ user_uuid: string; n: number }>(
    await conn.execute(onlineCounts(domainUuid, onlineAt(now))),
  );
  return new Map(rows.map((r) => [r.user_uuid, r.n]));
}

/** Deletes the instances' rows (their connections go with them); returns the tenants that had some. */
async function dropInstances(conn: Conn, gone: SQLWrapper): Promise<string[]> {
  // The statement's SELECT sees the connections as they were before the cascade removed them.
  const rows = rowsOf<{ domain_uuid: string }>(
    await conn.execute(sql`
      WITH gone AS (DELETE FROM ${realtimeInstances} WHERE ${gone} RETURNING instance_id)
      SELECT DISTINCT s.domain_uuid FROM gone
        JOIN realtime_connections c ON c.instance_id = gone.instance_id
        JOIN sessions s ON s.session_uuid = c.session_uuid`),
  );
  return rows.map((r) => r.domain_uuid);
}

/**
 * Starts an instance afresh: what it held before a restart (a crash leaves rows behind) is cleared.
 * Returns the tenants whose presence changed.
 */
export async function claimInstance(conn: Conn, instanceId: string, now: Date): Promise<string[]> {
  const changed = await dropInstances(conn, eq(realtimeInstances.instanceId, instanceId));
  await conn.insert(realtimeInstances).values({ instanceId, seenAt: now });
  return changed;
}

/** A stopping instance's connections stop counting at once; returns the tenants whose presence changed. */
export function releaseInstance(conn: Conn, instanceId: string): Promise<string[]> {
  return dropInstances(conn, eq(realtimeInstances.instanceId, instanceId));
}

/**
 * Marks the instance seen and deletes instances gone silent. When this instance itself had been taken
 * for gone (a long database outage), its row is written anew and `lost` is true: its connections must
 * be written again. Returns the tenants whose presence changed by the deletion.
 */
export async function beatInstance(
  conn: Conn,
  instanceId: string,
  now: Date,
): Promise<{ lost: boolean; changed: string[] }> {
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
 * Records how many real-time connections the session has open on this instance (0 deletes the row);
 * an opening also marks the session seen. A session revoked meanwhile is left alone.
 */
export async function setConnections(
  conn: Conn,
  instanceId: string,
  sessionUuid: string,
  connections: number,
  now: Date,
): Promise<void> {
  if (connections <= 0) {
    await conn
      .delete(realtimeConnections)
      .where(
        and(eq(realtimeConnections.sessionUuid, sessionUuid), eq(realtimeConnections.instanceId, instanceId)),
      );
    return;
  }
  await conn.execute(sql`
    INSERT INTO ${realtimeConnections} (session_uuid, instance_id, connections)
    SELECT ${sessionUuid}::uuid, ${instanceId}, ${connections} WHERE EXISTS
      (SELECT 1 FROM ${sessions} WHERE ${sessions.sessionUuid} = ${sessionUuid}::uuid)
    ON CONFLICT (session_uuid, instance_id) DO UPDATE SET connections = excluded.connections`);
  await conn.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sessionUuid, sessionUuid));
}
