import type { PresenceGroup } from '@tsunagu/contract/admin/users';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { userGroupMembers, userGroups, users } from '../../platform/db/schema';

/** SQL of presence groups (user_groups): the tenant id is always the first argument after the connection. */

/** The tenant's groups with their members, in display order. */
export async function listPresenceGroups(conn: Conn, tenantUuid: string): Promise<PresenceGroup[]> {
  const rows = await conn
    .select({
      commUuid: userGroups.userGroupUuid,
      commName: userGroups.name,
      commSub1: userGroups.representativeNumber,
      userUuid: users.userUuid,
      userNm: users.userNm,
      id: users.username,
    })
    .from(userGroups)
    .leftJoin(userGroupMembers, eq(userGroupMembers.userGroupUuid, userGroups.userGroupUuid))
    .leftJoin(users, eq(users.userUuid, userGroupMembers.userUuid))
    .where(eq(userGroups.domainUuid, tenantUuid))
    .orderBy(
      asc(userGroups.sortOrder),
      asc(userGroups.name),
      asc(userGroups.userGroupUuid),
      asc(userGroupMembers.sortOrder),
    );
  const groups = new Map<string, PresenceGroup>();
  for (const row of rows) {
    let group = groups.get(row.commUuid);
    if (!group) {
      group = { commUuid: row.commUuid, commName: row.commName, commSub1: row.commSub1, userList: [] };
      groups.set(row.commUuid, group);
    }
    if (row.userUuid)
      group.userList.push({ userUuid: row.userUuid, userNm: row.userNm ?? '', id: row.id ?? '' });
  }
  return [...groups.values()];
}

/** The group, locked for the rest of the transaction, or null when the tenant has no such group. */
export async function lockPresenceGroup(conn: Conn, tenantUuid: string, commUuid: string) {
  const [row] = await conn
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.domainUuid, tenantUuid), eq(userGroups.userGroupUuid, commUuid)))
    .for('update');
  return row ?? null;
}

/** The group whatever its tenant (the service decides whether the caller may act on it). */
export async function findPresenceGroup(conn: Conn, commUuid: string) {
  const [row] = await conn.select().from(userGroups).where(eq(userGroups.userGroupUuid, commUuid));
  return row ?? null;
}

/** True when another group of the tenant has this name. */
export async function groupNameTaken(conn: Conn, tenantUuid: string, name: string, except?: string) {
  const rows = await conn
    .select({ id: userGroups.userGroupUuid })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.domainUuid, tenantUuid),
        eq(userGroups.name, name),
        except ? ne(userGroups.userGroupUuid, except) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many of the given users belong to the tenant. */
export async function countTenantUsers(conn: Conn, tenantUuid: string, userUuids: string[]): Promise<number> {
  if (userUuids.length === 0) return 0;
  const rows = await conn
    .select({ id: users.userUuid })
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), inArray(users.userUuid, userUuids)));
  return rows.length;
}

/** Writes the group (insert or update) and replaces its members in the given order. */
export async function writePresenceGroup(
  conn: Conn,
  tenantUuid: string,
  group: { commUuid: string; commName: string; commSub1: string | null; userList: string[] },
  isNew: boolean,
): Promise<void> {
  if (isNew) {
    await conn.insert(userGroups).values({
      userGroupUuid: group.commUuid,
      domainUuid: tenantUuid,
      name: group.commName,
      representativeNumber: group.commSub1,
    });
  } else {
    await conn
      .update(userGroups)
      .set({ name: group.commName, representativeNumber: group.commSub1 })
      .where(and(eq(userGroups.domainUuid, tenantUuid), eq(userGroups.userGroupUuid, group.commUuid)));
    await conn.delete(userGroupMembers).where(eq(userGroupMembers.userGroupUuid, group.commUuid));
  }
  if (group.userList.length > 0) {
    await conn
      .insert(userGroupMembers)
      .values(
        group.userList.map((userUuid, sortOrder) => ({ userGroupUuid: group.commUuid, userUuid, sortOrder })),
      );
  }
}

export async function deletePresenceGroup(conn: Conn, tenantUuid: string, commUuid: string): Promise<void> {
  await conn
    .delete(userGroups)
    .where(and(eq(userGroups.domainUuid, tenantUuid), eq(userGroups.userGroupUuid, commUuid)));
}
