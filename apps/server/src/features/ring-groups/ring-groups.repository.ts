import { rowBefore } from '../../platform/audit/row-before';
import { isFlagOn, type RingGroupDestination, type RingGroupFields } from '@tsunagu/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { ringGroupDestinations, ringGroups } from '../../platform/db/schema';

/** The tenant's ring groups in number order. */
export function listRingGroupRows(conn: Conn, tenantUuid: string) {
  return conn
    .select()
    .from(ringGroups)
    .where(eq(ringGroups.domainUuid, tenantUuid))
    .orderBy(sql`length(${ringGroups.ringGroupExtension})`, asc(ringGroups.ringGroupExtension));
}

export type RingGroupRow = Awaited<ReturnType<typeof listRingGroupRows>>[number];

/** Every member of the tenant's ring groups, in ring order. */
export function listMemberRows(conn: Conn, tenantUuid: string) {
  return conn
    .select({
      ringGroupUuid: ringGroupDestinations.ringGroupUuid,
      destinationNumber: ringGroupDestinations.destinationNumber,
      destinationTimeout: ringGroupDestinations.destinationTimeout,
    })
    .from(ringGroupDestinations)
    .where(eq(ringGroupDestinations.domainUuid, tenantUuid))
    .orderBy(asc(ringGroupDestinations.ringGroupUuid), asc(ringGroupDestinations.sortOrder));
}

type StoredFields = Omit<RingGroupFields, 'destinations'>;

function columns(fields: StoredFields) {
  return { ...fields, ringGroupEnabled: isFlagOn(fields.ringGroupEnabled) };
}

export async function insertRingGroup(
  conn: Conn,
  tenantUuid: string,
  ringGroupUuid: string,
  fields: StoredFields,
) {
  await conn.insert(ringGroups).values({ ...columns(fields), ringGroupUuid, domainUuid: tenantUuid });
}

/** Returns whether the tenant had that ring group. */
export async function updateRingGroup(
  conn: Conn,
  tenantUuid: string,
  ringGroupUuid: string,
  fields: StoredFields,
): Promise<boolean> {
  const rows = await conn
    .update(ringGroups)
    .set({ ...columns(fields), updatedAt: new Date() })
    .where(and(eq(ringGroups.domainUuid, tenantUuid), eq(ringGroups.ringGroupUuid, ringGroupUuid)))
    .returning({ ringGroupUuid: ringGroups.ringGroupUuid });
  return rows.length > 0;
}

/** Sets the members of one of the tenant's ring groups (the caller has checked the group is the tenant's). */
export async function replaceMembers(
  conn: Conn,
  tenantUuid: string,
  ringGroupUuid: string,
  members: readonly RingGroupDestination[],
): Promise<void> {
  await conn
    .delete(ringGroupDestinations)
    .where(
      and(
        eq(ringGroupDestinations.domainUuid, tenantUuid),
        eq(ringGroupDestinations.ringGroupUuid, ringGroupUuid),
      ),
    );
  if (members.length === 0) return;
  await conn
    .insert(ringGroupDestinations)
    .values(members.map((m, sortOrder) => ({ ...m, ringGroupUuid, domainUuid: tenantUuid, sortOrder })));
}

/** Deletes the ring group and its members; returns its number, or null when the tenant has no such group. */
export async function deleteRingGroup(
  conn: Conn,
  tenantUuid: string,
  ringGroupUuid: string,
): Promise<string | null> {
  const [row] = await conn
    .delete(ringGroups)
    .where(and(eq(ringGroups.domainUuid, tenantUuid), eq(ringGroups.ringGroupUuid, ringGroupUuid)))
    .returning({ number: ringGroups.ringGroupExtension });
  return row?.number ?? null;
}

/**
 * The group's stored fields and member numbers before an edit (the row locked), for the audit entry;
 * null when the tenant has no such group.
 */
export async function ringGroupBefore(
  conn: Conn,
  tenantUuid: string,
  ringGroupUuid: string,
  fields: readonly string[],
): Promise<Record<string, unknown> | null> {
  const where = and(eq(ringGroups.domainUuid, tenantUuid), eq(ringGroups.ringGroupUuid, ringGroupUuid));
  const row = await rowBefore(conn, ringGroups, where, fields);
  if (!row) return null;
  const members = await conn
    .select({ number: ringGroupDestinations.destinationNumber })
    .from(ringGroupDestinations)
    .where(
      and(
        eq(ringGroupDestinations.domainUuid, tenantUuid),
        eq(ringGroupDestinations.ringGroupUuid, ringGroupUuid),
      ),
    )
    .orderBy(asc(ringGroupDestinations.sortOrder));
  return { ...row, members: members.map((m) => m.number) };
}
