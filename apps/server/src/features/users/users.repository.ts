import { and, asc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { domains, extensions, gateways, userGroupMembers, userGroups, users } from '../../platform/db/schema';

/** The user (by login ID, case-insensitive) with their tenant. */
export async function findUserWithDomain(conn: Conn, username: string) {
  const [row] = await conn
    .select({ user: users, domain: domains })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

export async function findUser(conn: Conn, userUuid: string) {
  const [row] = await conn.select().from(users).where(eq(users.userUuid, userUuid));
  return row ?? null;
}

/** The tenant's extensions, without their secrets, in number order. */
export function listExtensionSummaries(conn: Conn, domainUuid: string) {
  return conn
    .select({
      extensionUuid: extensions.extensionUuid,
      extension: extensions.extension,
      effectiveCallerIdName: extensions.effectiveCallerIdName,
    })
    .from(extensions)
    .where(eq(extensions.domainUuid, domainUuid))
    .orderBy(sql`length(${extensions.extension})`, asc(extensions.extension));
}

export function listGateways(conn: Conn, domainUuid: string) {
  return conn
    .select({ gatewayUuid: gateways.gatewayUuid, gateway: gateways.gateway })
    .from(gateways)
    .where(and(eq(gateways.domainUuid, domainUuid), eq(gateways.enabled, true)))
    .orderBy(asc(gateways.gateway));
}

/** Every user group of the tenant with its members (and their extension numbers), in display order. */
export function listGroupMembers(conn: Conn, domainUuid: string) {
  return conn
    .select({
      userGroupUuid: userGroups.userGroupUuid,
      name: userGroups.name,
      representativeNumber: userGroups.representativeNumber,
      userUuid: users.userUuid,
      userNm: users.userNm,
      extensionUuid: users.extensionUuid,
      extension: extensions.extension,
    })
    .from(userGroups)
    .leftJoin(userGroupMembers, eq(userGroupMembers.userGroupUuid, userGroups.userGroupUuid))
    .leftJoin(users, and(eq(users.userUuid, userGroupMembers.userUuid), eq(users.enabled, true)))
    .leftJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(eq(userGroups.domainUuid, domainUuid))
    .orderBy(
      asc(userGroups.sortOrder),
      asc(userGroups.name),
      asc(userGroupMembers.sortOrder),
      asc(users.userNm),
    );
}

/** The extension assigned to a user, with its sealed password (for the user's own softphone only). */
export async function findOwnExtension(conn: Conn, userUuid: string) {
  const [row] = await conn
    .select({ extension: extensions, domainName: domains.domainName, userNm: users.userNm })
    .from(users)
    .innerJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .where(eq(users.userUuid, userUuid));
  return row ?? null;
}

export async function updateUser(
  conn: Conn,
  userUuid: string,
  changes: Partial<{ passwordHash: string; popup: boolean; phoneType: 'verto' | 'phone' }>,
): Promise<void> {
  await conn
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.userUuid, userUuid));
}
