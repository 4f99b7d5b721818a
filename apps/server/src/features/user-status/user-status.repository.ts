import type { ChosenUserStatus, UserStatus, UserStatusEntry } from '@tsunagu/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../platform/db/client';
import {
  domains,
  extensions,
  sessions,
  statusSettings,
  users,
  userStatusChanges,
  userStatuses,
} from '../../platform/db/schema';
import { nextStatus, type StatusEvent, type StoredStatus } from './status-transitions';

const entry = (userUuid: string, s: StoredStatus): UserStatusEntry => ({
  userUuid,
  status: s.status,
  since: s.since.toISOString(),
});

/** An event for one user of the tenant. */
export interface StatusChange {
  userUuid: string;
  event: StatusEvent;
}

const storedOf = (row: typeof userStatuses.$inferSelect): StoredStatus => ({
  status: row.status as UserStatus,
  since: row.since,
  resumeStatus: row.resumeStatus as ChosenUserStatus | null,
  wrapUpUntil: row.wrapUpUntil,
});

/**
 * Applies events to the tenant's users' statuses in one transaction — a whole presence batch (a mass
 * reconnect of 2,000 users is a few batches) costs six statements, not five per user. The users are
 * locked in one order, so instances hearing the same engine event change each status once and two
 * batches cannot deadlock; every change is recorded, in the order of the events. Returns the users
 * whose status changed, with their new status (to publish).
 */
export async function applyStatusEvents(
  db: Db,
  tenantUuid: string,
  changes: readonly StatusChange[],
  at: Date,
): Promise<UserStatusEntry[]> {
  if (changes.length === 0) return [];
  const ids = [...new Set(changes.map((c) => c.userUuid))].sort();
  return db.transaction(async (tx) => {
    // The users' rows are locked, not their statuses': a user signing in for the first time has none.
    // (NO KEY UPDATE leaves rows that only refer to the user — sessions, call legs — unblocked.)
    await tx
      .select({ userUuid: users.userUuid })
      .from(users)
      .where(and(eq(users.domainUuid, tenantUuid), inArray(users.userUuid, ids)))
      .orderBy(users.userUuid)
      .for('no key update');
    const rows = await tx
      .select()
      .from(userStatuses)
      .where(and(eq(userStatuses.domainUuid, tenantUuid), inArray(userStatuses.userUuid, ids)));
    const current = new Map(rows.map((row) => [row.userUuid, storedOf(row)]));
    const written = new Set<string>();
    const history: (typeof userStatusChanges.$inferInsert)[] = [];
    for (const { userUuid, event } of changes) {
      const before = current.get(userUuid);
      const next = nextStatus(before ?? null, event, at);
      if (!next) continue;
      current.set(userUuid, next);
      written.add(userUuid);
      const from = before?.status ?? 'signedOut';
      if (from !== next.status)
        history.push({
          domainUuid: tenantUuid,
          userUuid,
          fromStatus: from,
          toStatus: next.status,
          changedAt: next.since,
        });
    }
    if (written.size === 0) return [];
    await tx
      .insert(userStatuses)
      .values(
        [...written].map((userUuid) => ({ ...current.get(userUuid)!, userUuid, domainUuid: tenantUuid })),
      )
      .onConflictDoUpdate({
        target: userStatuses.userUuid,
        set: {
          status: sql`excluded.status`,
          since: sql`excluded.since`,
          resumeStatus: sql`excluded.resume_status`,
          wrapUpUntil: sql`excluded.wrap_up_until`,
        },
      });
    if (history.length === 0) return [];
    await tx.insert(userStatusChanges).values(history);
    const moved = new Set(history.map((h) => h.userUuid));
    return [...moved].map((userUuid) => entry(userUuid, current.get(userUuid)!));
  });
}

/** Those of the users who still hold a live session (signed in, not out), online or not. */
export async function usersWithLiveSessions(conn: Conn, userUuids: string[], at: Date): Promise<Set<string>> {
  if (userUuids.length === 0) return new Set();
  const rows = await conn
    .selectDistinct({ userUuid: sessions.userUuid })
    .from(sessions)
    .where(
      and(inArray(sessions.userUuid, userUuids), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)),
    );
  return new Set(rows.map((r) => r.userUuid));
}

/** The tenant's users' stored statuses (users without a row have never signed in: absent). */
export async function tenantStatuses(conn: Conn, tenantUuid: string): Promise<UserStatusEntry[]> {
  const rows = await conn
    .select({ userUuid: userStatuses.userUuid, status: userStatuses.status, since: userStatuses.since })
    .from(userStatuses)
    .where(eq(userStatuses.domainUuid, tenantUuid));
  return rows.map((r) => ({
    userUuid: r.userUuid,
    status: r.status as UserStatus,
    since: r.since.toISOString(),
  }));
}

/** The tenant's users who have an extension, by extension number, with their stored status. */
export async function usersByExtension(conn: Conn, domainName: string) {
  return conn
    .select({
      tenantUuid: users.domainUuid,
      userUuid: users.userUuid,
      extension: extensions.extension,
      status: userStatuses.status,
    })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .leftJoin(userStatuses, eq(userStatuses.userUuid, users.userUuid))
    .where(eq(domains.domainName, domainName));
}

/** Users whose automatic after-call work is over by `at`. */
export async function wrapUpsEndedBy(conn: Conn, at: Date) {
  return conn
    .select({ tenantUuid: userStatuses.domainUuid, userUuid: userStatuses.userUuid })
    .from(userStatuses)
    .where(and(isNotNull(userStatuses.wrapUpUntil), lte(userStatuses.wrapUpUntil, at)));
}

export async function wrapUpSeconds(conn: Conn, tenantUuid: string): Promise<number> {
  const [row] = await conn
    .select({ seconds: statusSettings.wrapUpSeconds })
    .from(statusSettings)
    .where(eq(statusSettings.domainUuid, tenantUuid));
  return row?.seconds ?? 0;
}

export async function saveWrapUpSeconds(conn: Conn, tenantUuid: string, seconds: number): Promise<void> {
  await conn
    .insert(statusSettings)
    .values({ domainUuid: tenantUuid, wrapUpSeconds: seconds })
    .onConflictDoUpdate({
      target: statusSettings.domainUuid,
      set: { wrapUpSeconds: sql`excluded.wrap_up_seconds` },
    });
}
