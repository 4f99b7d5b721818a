import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { domains, sessions, users } from '../db/schema';

/** A session idle this long without an open real-time connection no longer counts as active. */
export const SESSION_IDLE_MS = 5 * 60_000;
/** last_seen_at is written at most this often, so a busy client does not write on every request. */
export const TOUCH_EVERY_MS = 60_000;

const activeWhere = (now: Date) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    or(
      gt(sessions.realtimeConnections, 0),
      gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
    ),
  );

export async function createSession(
  conn: Conn,
  row: {
    sessionUuid: string;
    userUuid: string;
    domainUuid: string;
    expiresAt: Date;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  await conn.insert(sessions).values(row);
}

/** Number of the user's sessions that count against the concurrent-session limit. */
export async function countActiveSessions(conn: Conn, userUuid: string, now: Date): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userUuid, userUuid), activeWhere(now)));
  return row?.n ?? 0;
}

/** Revokes the user's live-but-stale sessions: they no longer hold a place under the limit. */
export async function reclaimStaleSessions(conn: Conn, userUuid: string, now: Date): Promise<void> {
  await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userUuid, userUuid),
        isNull(sessions.revokedAt),
        or(
          lte(sessions.expiresAt, now),
          and(
            eq(sessions.realtimeConnections, 0),
            lte(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
          ),
        ),
      ),
    );
}

/** The session with its user and tenant, when it is neither revoked nor expired and the user is enabled. */
export async function findLiveSession(conn: Conn, sessionUuid: string, now: Date) {
  const [row] = await conn
    .select({
      sessionUuid: sessions.sessionUuid,
      lastSeenAt: sessions.lastSeenAt,
      userUuid: users.userUuid,
      username: users.username,
      userClass: users.userClass,
      menu: users.menu,
      domainUuid: domains.domainUuid,
      domainName: domains.domainName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userUuid, sessions.userUuid))
    .innerJoin(domains, eq(domains.domainUuid, sessions.domainUuid))
    .where(
      and(
        eq(sessions.sessionUuid, sessionUuid),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.enabled, true),
        eq(domains.enabled, true),
      ),
    );
  return row ?? null;
}

export async function touchSession(conn: Conn, sessionUuid: string, now: Date): Promise<void> {
  await conn.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sessionUuid, sessionUuid));
}

export async function revokeSession(conn: Conn, sessionUuid: string, now: Date): Promise<void> {
  await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sessionUuid, sessionUuid), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except one (after a password change, keep the current one). */
export async function revokeOtherSessions(conn: Conn, userUuid: string, keepSessionUuid: string, now: Date) {
  await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userUuid, userUuid),
        isNull(sessions.revokedAt),
        ne(sessions.sessionUuid, keepSessionUuid),
      ),
    );
}

/** Active session counts per user of a tenant (presence's loginCnt). */
export async function activeSessionCounts(
  conn: Conn,
  domainUuid: string,
  now: Date,
): Promise<Map<string, number>> {
  const rows = await conn
    .select({ userUuid: sessions.userUuid, n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.domainUuid, domainUuid), activeWhere(now)))
    .groupBy(sessions.userUuid);
  return new Map(rows.map((r) => [r.userUuid, r.n]));
}
