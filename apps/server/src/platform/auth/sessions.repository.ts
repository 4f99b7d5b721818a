import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Conn } from '../db/client';
import { preparedOn } from '../db/prepared';
import { domains, sessions, users } from '../db/schema';

/**
 * A session is active while it was seen in the last five minutes: a request, or — every minute while it
 * is open — its real-time connection. Only active sessions count against the concurrent-session limit.
 */
export const SESSION_IDLE_MS = 5 * 60_000;
/** last_seen_at is written at most this often, so a busy client does not write on every request. */
export const TOUCH_EVERY_MS = 60_000;

const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);

const activeWhere = (now: Date) =>
  and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince(now)));

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

/** Revokes the user's oldest active sessions (by sign-in time), `count` of them; returns their ids. */
export async function revokeOldestSessions(conn: Conn, userUuid: string, count: number, now: Date) {
  if (count <= 0) return [];
  const oldest = conn
    .select({ sessionUuid: sessions.sessionUuid })
    .from(sessions)
    .where(and(eq(sessions.userUuid, userUuid), activeWhere(now)))
    .orderBy(asc(sessions.createdAt))
    .limit(count);
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(inArray(sessions.sessionUuid, oldest))
    .returning({ sessionUuid: sessions.sessionUuid });
  return rows.map((r) => r.sessionUuid);
}

/** Revokes the user's expired or stale sessions (they no longer hold a place under the limit); returns their ids. */
export async function reclaimStaleSessions(conn: Conn, userUuid: string, now: Date): Promise<string[]> {
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userUuid, userUuid),
        isNull(sessions.revokedAt),
        or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince(now))),
      ),
    )
    .returning({ sessionUuid: sessions.sessionUuid });
  return rows.map((r) => r.sessionUuid);
}

/** The tenant a session acts on: the one a provider acts inside until its time is up, else its own. */
const actingOn = sql`CASE WHEN ${sessions.actingUntil} > ${sql.placeholder('now')}
  THEN ${sessions.actingDomainUuid} END`;

/**
 * The sessions among `sessionUuids` with their users and tenants, those neither revoked nor expired whose
 * user and tenant are enabled: one statement for a whole batch (a mass reconnect's CONNECTs, a burst of
 * requests; see session-cache.ts). A provider acting inside a tenant is in that tenant (its domainUuid,
 * its topics) until the acting ends, by itself after ACTING_HOURS or when they leave.
 */
const liveSessions = preparedOn((conn) =>
  conn
    .select({
      sessionUuid: sessions.sessionUuid,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userUuid: users.userUuid,
      username: users.username,
      userClass: users.userClass,
      menu: users.menu,
      domainUuid: domains.domainUuid,
      domainName: domains.domainName,
      homeDomainUuid: sessions.domainUuid,
      actingReason: sql<string | null>`CASE WHEN ${actingOn} IS NOT NULL THEN ${sessions.actingReason} END`,
      actingUntil: sql<string | null>`CASE WHEN ${actingOn} IS NOT NULL THEN ${sessions.actingUntil} END`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.userUuid, sessions.userUuid))
    .innerJoin(domains, sql`${domains.domainUuid} = coalesce(${actingOn}, ${sessions.domainUuid})`)
    .where(
      and(
        sql`${sessions.sessionUuid} = ANY(${sql.placeholder('sessionUuids')}::uuid[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.enabled, true),
        eq(domains.enabled, true),
      ),
    )
    .prepare('live_sessions'),
);

export type LiveSession = Awaited<ReturnType<ReturnType<typeof liveSessions>['execute']>>[number];

export async function findLiveSessions(
  conn: Conn,
  sessionUuids: string[],
  now: Date,
): Promise<LiveSession[]> {
  return liveSessions(conn).execute({ sessionUuids, now });
}

export async function findLiveSession(conn: Conn, sessionUuid: string, now: Date) {
  const [row] = await findLiveSessions(conn, [sessionUuid], now);
  return row ?? null;
}

/** Marks sessions seen now. */
export async function touchSessions(conn: Conn, sessionUuids: string[], now: Date): Promise<void> {
  if (sessionUuids.length === 0) return;
  await conn.update(sessions).set({ lastSeenAt: now }).where(inArray(sessions.sessionUuid, sessionUuids));
}

export async function revokeSession(conn: Conn, sessionUuid: string, now: Date): Promise<void> {
  await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sessionUuid, sessionUuid), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except one (after a password change, keep the current one). */
export async function revokeOtherSessions(conn: Conn, userUuid: string, keepSessionUuid: string, now: Date) {
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userUuid, userUuid),
        isNull(sessions.revokedAt),
        ne(sessions.sessionUuid, keepSessionUuid),
      ),
    )
    .returning({ sessionUuid: sessions.sessionUuid });
  return rows.map((r) => r.sessionUuid);
}

/** Of the given sessions, those no longer live (revoked or expired): their connections must close. */
export async function deadSessions(conn: Conn, sessionUuids: string[], now: Date): Promise<string[]> {
  if (sessionUuids.length === 0) return [];
  const rows = await conn
    .select({ sessionUuid: sessions.sessionUuid })
    .from(sessions)
    .where(
      and(
        inArray(sessions.sessionUuid, sessionUuids),
        or(sql`${sessions.revokedAt} IS NOT NULL`, lte(sessions.expiresAt, now)),
      ),
    );
  return rows.map((r) => r.sessionUuid);
}

/** Revokes every live session of a user (forced logout); returns the revoked session ids. */
export async function revokeUserSessions(conn: Conn, userUuid: string, now: Date): Promise<string[]> {
  const rows = await conn
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userUuid, userUuid), isNull(sessions.revokedAt)))
    .returning({ sessionUuid: sessions.sessionUuid });
  return rows.map((r) => r.sessionUuid);
}
