import type { ChosenUserStatus, UserStatus, UserStatusEntry } from '@tsunagu/contract';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../platform/db/client';
import {
  domains,
  extensions,
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

/**
 * Applies an event to one user's status in one transaction (the row locked, so that instances hearing
 * the same engine event change it once) and records the change. Returns the new status when it
 * changed (to publish), else null.
 */
export async function applyStatusEvent(
  db: Db,
  tenantUuid: string,
  userUuid: string,
  event: StatusEvent,
  at: Date,
): Promise<UserStatusEntry | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userStatuses)
      .where(and(eq(userStatuses.userUuid, userUuid), eq(userStatuses.domainUuid, tenantUuid)))
      .for('update');
    const stored: StoredStatus | null = row
      ? {
          status: row.status as UserStatus,
          since: row.since,
          resumeStatus: row.resumeStatus as ChosenUserStatus | null,
          wrapUpUntil: row.wrapUpUntil,
        }
      : null;
    const next = nextStatus(stored, event, at);
    if (!next) return null;
    const values = { ...next, userUuid, domainUuid: tenantUuid };
    await tx
      .insert(userStatuses)
      .values(values)
      .onConflictDoUpdate({ target: userStatuses.userUuid, set: values });
    const from = stored?.status ?? 'signedOut';
    if (from === next.status) return null;
    await tx.insert(userStatusChanges).values({
      domainUuid: tenantUuid,
      userUuid,
      fromStatus: from,
      toStatus: next.status,
      changedAt: next.since,
    });
    return entry(userUuid, next);
  });
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
