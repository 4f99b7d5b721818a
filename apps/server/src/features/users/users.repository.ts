import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/migrate';
import { preparedOn } from '../../platform/db/prepared';
import { domains, extensions, userGroupMembers, userGroups, users } from '../../platform/db/schema';

export async function findUser(conn: Conn, userUuid: string) {
  const [row] = await conn.select().from(users).where(eq(users.userUuid, userUuid));
  return row ?? null;
}

/** One row of the tenant's user groups with their members (a group without members has one row of nulls). */
export interface GroupMemberRow {
  userGroupUuid: string;
  name: string;
  representativeNumber: string | null;
  userUuid: string | null;
  userNm: string | null;
  extensionUuid: string | null;
  extension: string | null;
}

export interface UserInfoRow {
  user: Pick<
    typeof users.$inferSelect,
    | 'userUuid'
    | 'username'
    | 'userNm'
    | 'domainUuid'
    | 'extensionUuid'
    | 'phoneType'
    | 'popup'
    | 'userPopup'
    | 'userClass'
    | 'menu'
    | 'mustChangePassword'
  > & {
    /** The number of the user's extension. */
    extension: string | null;
    /** The first of the user's groups in display order (as the directory lists them). */
    userGroupUuid: string | null;
  };
  domain: Pick<typeof domains.$inferSelect, 'domainUuid' | 'domainName' | 'domainDescription' | 'timeZone'>;
}

/**
 * The user with this login ID (case-insensitive) and their tenant, in one prepared statement: user info
 * is read on every page load. The tenant's directory is not read here (see tenant-directory.ts).
 */
export async function findUserInfo(conn: Conn, username: string): Promise<UserInfoRow | null> {
  const [row] = await userInfo(conn).execute({ username });
  return row ?? null;
}

const userInfo = preparedOn((conn) =>
  conn
    .select({
      user: sql<UserInfoRow['user']>`json_build_object('userUuid', ${users.userUuid},
        'username', ${users.username}, 'userNm', ${users.userNm}, 'domainUuid', ${users.domainUuid},
        'extensionUuid', ${users.extensionUuid}, 'phoneType', ${users.phoneType}, 'popup', ${users.popup},
        'userPopup', ${users.userPopup}, 'userClass', ${users.userClass}, 'menu', ${users.menu},
        'mustChangePassword', ${users.mustChangePassword},
        'extension', ${extensions.extension},
        'userGroupUuid', (SELECT ${userGroups.userGroupUuid} FROM ${userGroups}
          JOIN ${userGroupMembers} ON ${userGroupMembers.userGroupUuid} = ${userGroups.userGroupUuid}
          WHERE ${userGroupMembers.userUuid} = ${users.userUuid} AND ${users.enabled}
          ORDER BY ${userGroups.sortOrder}, ${userGroups.name} LIMIT 1))`,
      domain: sql<UserInfoRow['domain']>`json_build_object('domainUuid', ${domains.domainUuid},
        'domainName', ${domains.domainName}, 'domainDescription', ${domains.domainDescription},
        'timeZone', ${domains.timeZone})`,
    })
    .from(users)
    .innerJoin(domains, eq(domains.domainUuid, users.domainUuid))
    .leftJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .where(sql`lower(${users.username}) = lower(${sql.placeholder('username')})`)
    .prepare('user_info'),
);

/** A tenant's part of user info (for a provider acting inside it), or null. */
export async function findDomainInfo(conn: Conn, tenantUuid: string): Promise<UserInfoRow['domain'] | null> {
  const [row] = await conn
    .select({
      domainUuid: domains.domainUuid,
      domainName: domains.domainName,
      domainDescription: domains.domainDescription,
      timeZone: domains.timeZone,
    })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row ?? null;
}

export interface TenantDirectoryRows {
  /** The tenant's extensions, without their secrets, in number order. */
  extensions: { extensionUuid: string; extension: string; effectiveCallerIdName: string }[];
  /** The tenant's enabled gateways by name. */
  gateways: { gatewayUuid: string; gateway: string }[];
  /** Every user group with its enabled members, in display order. */
  groupMembers: GroupMemberRow[];
}

/** What user info shows of the tenant as a whole, in one statement. */
export async function findTenantDirectory(conn: Conn, tenantUuid: string): Promise<TenantDirectoryRows> {
  const result = await conn.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('extensionUuid', e.extension_uuid, 'extension', e.extension,
          'effectiveCallerIdName', e.effective_caller_id_name) ORDER BY length(e.extension), e.extension), '[]')
        FROM extensions e WHERE e.domain_uuid = ${tenantUuid}) AS "extensions",
      (SELECT coalesce(json_agg(json_build_object('gatewayUuid', g.gateway_uuid, 'gateway', g.gateway)
          ORDER BY g.gateway), '[]')
        FROM gateways g WHERE g.domain_uuid = ${tenantUuid} AND g.enabled) AS "gateways",
      (SELECT coalesce(json_agg(json_build_object('userGroupUuid', ug.user_group_uuid, 'name', ug.name,
          'representativeNumber', ug.representative_number, 'userUuid', mu.user_uuid, 'userNm', mu.user_nm,
          'extensionUuid', mu.extension_uuid, 'extension', me.extension)
          ORDER BY ug.sort_order, ug.name, gm.sort_order, mu.user_nm), '[]')
        FROM user_groups ug
        LEFT JOIN user_group_members gm ON gm.user_group_uuid = ug.user_group_uuid
        LEFT JOIN users mu ON mu.user_uuid = gm.user_uuid AND mu.enabled
        LEFT JOIN extensions me ON me.extension_uuid = mu.extension_uuid
        WHERE ug.domain_uuid = ${tenantUuid}) AS "groupMembers"`);
  return rowsOf<TenantDirectoryRows>(result)[0] as TenantDirectoryRows;
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
  changes: Partial<{
    passwordHash: string;
    mustChangePassword: boolean;
    popup: boolean;
    phoneType: 'verto' | 'phone';
  }>,
): Promise<void> {
  await conn
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.userUuid, userUuid));
}
