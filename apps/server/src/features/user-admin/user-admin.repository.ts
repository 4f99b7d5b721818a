import type { ManagedUser, USER_SORT_FIELDS, UserFormOptions } from '@tsunagu/contract/admin/users';
import type { PageSort } from '@tsunagu/contract/paging';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  type WithSubquery,
} from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { preparedOn } from '../../platform/db/prepared';
import { onlineAt, onlineCountOf, onlinePlaceholders } from '../../platform/realtime/presence.repository';
import {
  keysetIds,
  keysetOrderBy,
  pageOrder,
  readKeysetPage,
  type KeysetList,
  type PageAnchor,
} from '../../platform/db/paging';
import {
  extensions,
  ringGroups,
  userGroupMembers,
  userCounts,
  userGroups,
  users,
  userListKeys,
  userSignIns,
} from '../../platform/db/schema';

/** SQL of user management: the tenant id is always the first argument after the connection. */

const SORT_COLUMNS = {
  id: users.username,
  userNm: users.userNm,
  userKana: users.userKana,
  // The keys kept by 0027 (a missing one sorts last ascending): the same order whether paged by keyset
  // or by OFFSET.
  extension: userListKeys.extension,
  userClass: users.userClass,
  lastSignInAt: userListKeys.lastSignInAt,
} satisfies Record<UserSortField, AnyColumn>;

export interface UserFilter {
  /** One user only (the answer of a save). */
  userUuid?: string;
  q?: string;
  enabled?: 'true' | 'false';
}

/** `%text%` with LIKE's own characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The users a search text finds (migration 0042's user_search_ids: ID, name, furigana, e-mail or
 * extension number containing it, each half from its own index, planned with the text itself). As an
 * array, so that even a generic plan looks the few found up by primary key rather than scan the tenant.
 */
const searchMatches = (tenant: string | Placeholder, pattern: string | Placeholder): SQL =>
  sql`${users.userUuid} = ANY(ARRAY(SELECT user_search_ids(${tenant}, ${pattern})))`;

/** The enabled filter as a constant of the statement (a partial index answers `NOT enabled`, 0042). */
const enabledIs = (enabled: 'true' | 'false'): SQL =>
  enabled === 'true' ? sql`${users.enabled}` : sql`NOT ${users.enabled}`;

/**
 * The users whose ids a subquery gives (a page's 20), looked up by primary key. As an array: written as
 * `IN (subquery)`, the generic plan and even the custom one hash-joined the subquery's ids with all the
 * tenant's users (7–9 ms at 10,000 users, EXPLAIN ANALYZE) instead of fetching the page's rows (0.5 ms).
 */
const userAmong = (ids: SQLWrapper): SQL => sql`${users.userUuid} = ANY(ARRAY(${ids}))`;

function conditions(tenantUuid: string, filter: UserFilter): SQL | undefined {
  return and(
    eq(users.domainUuid, tenantUuid),
    filter.userUuid ? eq(users.userUuid, filter.userUuid) : undefined,
    filter.enabled ? enabledIs(filter.enabled) : undefined,
    filter.q ? searchMatches(tenantUuid, containing(filter.q)) : undefined,
  );
}

type UserSortField = (typeof USER_SORT_FIELDS)[number];
type OnlineAt = Parameters<typeof onlineCountOf>[1];

/** The presence groups of the outer query's user, in display order, as a JSON array. */
const groupsOfUser = sql<ManagedUser['groups']>`coalesce((
  SELECT json_agg(json_build_object('commUuid', ${userGroups.userGroupUuid}, 'commName', ${userGroups.name})
                  ORDER BY ${userGroups.sortOrder}, ${userGroups.name})
    FROM ${userGroupMembers} JOIN ${userGroups} ON ${userGroups.userGroupUuid} = ${userGroupMembers.userGroupUuid}
   WHERE ${userGroupMembers.userUuid} = ${users.userUuid}), '[]'::json)`;

/**
 * The list's row: the user with their extension's number, latest sign-in, presence groups and online
 * sessions at `now`, all in one statement (each round trip to the database costs more than the
 * subqueries: profiled on the user list).
 */
function selectUserRows(conn: Conn, at: OnlineAt, matches?: WithSubquery) {
  return conn
    .with(...(matches ? [matches] : []))
    .select({
      userUuid: users.userUuid,
      id: users.username,
      userNm: users.userNm,
      userKana: users.userKana,
      email: users.email,
      userClass: users.userClass,
      phoneType: users.phoneType,
      userPopup: users.userPopup,
      extensionUuid: users.extensionUuid,
      extension: extensions.extension,
      enabled: users.enabled,
      lastSignInAt: userSignIns.lastSignInAt,
      mustChangePassword: users.mustChangePassword,
      menu: users.menu,
      groups: groupsOfUser,
      loginCnt: onlineCountOf(users.userUuid, at),
      // How many users the filter selects, before LIMIT/OFFSET: a search's total in the same read (none
      // for the other reads, whose totals are known before).
      matches: (matches ? sql<number>`(SELECT count(*) FROM ${matches})` : sql<null>`NULL`).mapWith(Number),
    })
    .from(users)
    .leftJoin(extensions, eq(extensions.extensionUuid, users.extensionUuid))
    .leftJoin(userSignIns, eq(userSignIns.userUuid, users.userUuid))
    .leftJoin(userListKeys, eq(userListKeys.userUuid, users.userUuid));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectUserRows>['execute']>>[number];
const toManagedUser = ({ matches: _matches, ...row }: SelectedRow): ManagedUser => ({
  ...row,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
});

/** One page (or the whole export) of the tenant's users in the sort's order, user_uuid breaking ties. */
export async function listUsers(
  conn: Conn,
  tenantUuid: string,
  filter: UserFilter,
  sort: PageSort<UserSortField>,
  window: { limit: number; offset: number },
  now: Date,
): Promise<ManagedUser[]> {
  const rows = await selectUserRows(conn, onlineAt(now))
    .where(conditions(tenantUuid, filter))
    .orderBy(...pageOrder(SORT_COLUMNS, users.userUuid, sort))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(toManagedUser);
}

/**
 * The page read of a search or filter in one order: the matching users with their sort key (one search,
 * materialised once), their count and the page's ids by LIMIT/OFFSET, then the page's rows, in one
 * statement prepared once per order and filter form (`search`: a text; `enabled`: a constant).
 */
function buildFilteredRead(
  sort: PageSort<UserSortField>,
  search: boolean,
  enabled: UserFilter['enabled'],
  name: string,
) {
  return preparedOn((conn) => {
    const tenant = sql.placeholder('tenant');
    const list = keysetList(tenant, sort);
    const keyed = conn
      .select({ id: sql<string>`${users.userUuid}`.as('id'), key: sql`${list.columns.key}`.as('key') })
      .from(users);
    const matches = conn
      .$with('matches')
      .as(
        (list.table === userListKeys
          ? keyed.innerJoin(userListKeys, eq(userListKeys.userUuid, users.userUuid))
          : keyed
        ).where(
          and(
            eq(users.domainUuid, tenant),
            search ? searchMatches(tenant, sql.placeholder('pattern')) : undefined,
            enabled ? enabledIs(enabled) : undefined,
          ),
        ),
      );
    const by = list.descending ? desc : asc;
    const pageIds = conn
      .select({ id: matches.id })
      .from(matches)
      .orderBy(by(matches.key), by(matches.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return selectUserRows(conn, onlinePlaceholders, matches)
      .where(and(eq(users.domainUuid, tenant), userAmong(pageIds)))
      .orderBy(...pageOrder(SORT_COLUMNS, users.userUuid, sort))
      .prepare(name);
  });
}

const filteredReads = new Map<string, ReturnType<typeof buildFilteredRead>>();
function filteredRead(sort: PageSort<UserSortField>, search: boolean, enabled: UserFilter['enabled']) {
  const name = `user_filtered_${sort.field}_${sort.direction}${search ? '_search' : ''}${enabled ? `_enabled_${enabled}` : ''}`;
  let read = filteredReads.get(name);
  if (!read) filteredReads.set(name, (read = buildFilteredRead(sort, search, enabled, name)));
  return read;
}

/**
 * A page of a search or filter and how many users match, counted by the page's own read (no second scan
 * of the matches); null when the page lies past the end and so read no row to carry the count.
 */
export async function filteredUserPage(
  conn: Conn,
  tenantUuid: string,
  filter: Pick<UserFilter, 'q' | 'enabled'>,
  sort: PageSort<UserSortField>,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: ManagedUser[]; matches: number | null }> {
  const rows = await filteredRead(
    sort,
    Boolean(filter.q),
    filter.enabled,
  )(conn).execute({
    tenant: tenantUuid,
    ...(filter.q && { pattern: containing(filter.q) }),
    ...window,
    ...onlineAt(now),
  });
  return { rows: rows.map(toManagedUser), matches: rows[0]?.matches ?? null };
}

/**
 * Each order's keyset list ((tenant, key, user_uuid) indexes): the columns of users under the indexes of
 * migration 0021, the extension's number and the last sign-in under those of user_list_keys (0027).
 * With `enabled`, only the enabled or the disabled users: the index is walked and the others skipped,
 * which costs little only when most of the tenant's users pass (the service sees to that).
 */
function keysetList(
  tenantUuid: string | Placeholder,
  sort: PageSort<UserSortField>,
  enabled?: UserFilter['enabled'],
): KeysetList {
  const descending = sort.direction === 'desc';
  const key = SORT_COLUMNS[sort.field];
  return sort.field === 'extension' || sort.field === 'lastSignInAt'
    ? {
        table: userListKeys,
        columns: { key, id: userListKeys.userUuid },
        tenant: { column: userListKeys.domainUuid, uuid: tenantUuid },
        ...(enabled && {
          where: sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.userUuid} = ${userListKeys.userUuid}
            AND ${enabledIs(enabled)})`,
        }),
        descending,
      }
    : {
        table: users,
        columns: { key, id: users.userUuid },
        tenant: { column: users.domainUuid, uuid: tenantUuid },
        ...(enabled && { where: enabledIs(enabled) }),
        descending,
      };
}

/**
 * The page read of the whole list in one order, read forwards or backwards (`reversed`) from an end or
 * from an anchor's row: the ids by keyset (platform/db/paging.ts keysetIds), then their rows, in one
 * statement prepared once (the query builder costs more CPU than the read: platform/db/prepared.ts).
 */
function buildPageRead(
  sort: PageSort<UserSortField>,
  enabled: UserFilter['enabled'],
  reversed: boolean,
  fromAnchor: boolean,
  name: string,
) {
  return preparedOn((conn) => {
    const tenant = sql.placeholder('tenant');
    const list = keysetList(tenant, sort, enabled);
    const ids = keysetIds(conn, list, {
      descending: list.descending !== reversed,
      after: fromAnchor ? sql.placeholder('after') : null,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
    return selectUserRows(conn, onlinePlaceholders)
      .where(and(eq(users.domainUuid, tenant), userAmong(ids)))
      .orderBy(...keysetOrderBy(list.columns, list.descending))
      .prepare(name);
  });
}

const pageReads = new Map<string, ReturnType<typeof buildPageRead>>();
function pageRead(
  sort: PageSort<UserSortField>,
  enabled: UserFilter['enabled'],
  reversed: boolean,
  fromAnchor: boolean,
) {
  const name = `user_page_${sort.field}_${sort.direction}${enabled ? `_enabled_${enabled}` : ''}${reversed ? '_reversed' : ''}${fromAnchor ? '_anchor' : ''}`;
  let read = pageReads.get(name);
  if (!read) pageReads.set(name, (read = buildPageRead(sort, enabled, reversed, fromAnchor, name)));
  return read;
}

/**
 * One page of the tenant's whole list, or of its enabled or disabled users (`enabled`), whose total is
 * known: a deep page costs what the first does.
 */
export function keysetUserPage(
  conn: Conn,
  tenantUuid: string,
  sort: PageSort<UserSortField>,
  enabled: UserFilter['enabled'],
  total: number,
  page: { page: number; size: number; anchor: PageAnchor | null },
  now: Date,
): Promise<ManagedUser[]> {
  return readKeysetPage(total, page, page.anchor, async (plan) => {
    const rows = await pageRead(
      sort,
      enabled,
      plan.reversed,
      plan.after !== null,
    )(conn).execute({
      tenant: tenantUuid,
      limit: plan.limit,
      offset: plan.offset,
      ...onlineAt(now),
      ...(plan.after !== null && { after: plan.after }),
    });
    return rows.map(toManagedUser);
  });
}

const userTotalRead = preparedOn((conn) =>
  conn
    .select({ users: userCounts.users })
    .from(userCounts)
    .where(eq(userCounts.domainUuid, sql.placeholder('tenant')))
    .prepare('user_total'),
);

/** The tenant's number of users, from the counter the triggers of migration 0021 keep. */
export async function userTotal(conn: Conn, tenantUuid: string): Promise<number> {
  const [row] = await userTotalRead(conn).execute({ tenant: tenantUuid });
  return row?.users ?? 0;
}

const userTotalsRead = preparedOn((conn) =>
  conn
    .select({
      users: userCounts.users,
      disabled: sql<number>`(SELECT count(*) FROM ${users}
        WHERE ${users.domainUuid} = ${sql.placeholder('tenant')} AND NOT ${users.enabled})`.mapWith(Number),
    })
    .from(userCounts)
    .where(eq(userCounts.domainUuid, sql.placeholder('tenant')))
    .prepare('user_totals'),
);

/**
 * The tenant's number of users (the counter) and of disabled ones (counted over the partial index of
 * migration 0042), read together: the totals of the enabled filter's two lists.
 */
export async function userTotals(
  conn: Conn,
  tenantUuid: string,
): Promise<{ users: number; disabled: number }> {
  const [row] = await userTotalsRead(conn).execute({ tenant: tenantUuid });
  return row ?? { users: 0, disabled: 0 };
}

/** How many of the tenant's users match (the filter's own index, then the tenant's). */
export async function countUsers(conn: Conn, tenantUuid: string, filter: UserFilter): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(conditions(tenantUuid, filter));
  return row?.n ?? 0;
}

/** The user row, whatever its tenant (the service decides whether the caller may act on it). */
export async function findUserRow(conn: Conn, userUuid: string) {
  const [row] = await conn.select().from(users).where(eq(users.userUuid, userUuid));
  return row ?? null;
}

/** Locks the user's row for the rest of the transaction (concurrent edits of one user serialise). */
export async function lockUserRow(conn: Conn, tenantUuid: string, userUuid: string) {
  const [row] = await conn
    .select()
    .from(users)
    .where(and(eq(users.domainUuid, tenantUuid), eq(users.userUuid, userUuid)))
    .for('update');
  return row ?? null;
}

export type UserValues = Pick<
  typeof users.$inferInsert,
  | 'username'
  | 'userNm'
  | 'userKana'
  | 'email'
  | 'userClass'
  | 'phoneType'
  | 'userPopup'
  | 'extensionUuid'
  | 'enabled'
  | 'menu'
  | 'mustChangePassword'
>;

export async function insertUser(
  conn: Conn,
  tenantUuid: string,
  row: UserValues & { userUuid: string; passwordHash: string },
): Promise<void> {
  await conn.insert(users).values({ ...row, domainUuid: tenantUuid });
}

export async function updateUserRow(
  conn: Conn,
  tenantUuid: string,
  userUuid: string,
  values: Partial<UserValues & { passwordHash: string }>,
): Promise<void> {
  await conn
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.domainUuid, tenantUuid), eq(users.userUuid, userUuid)));
}

export async function deleteUserRow(conn: Conn, tenantUuid: string, userUuid: string): Promise<void> {
  await conn.delete(users).where(and(eq(users.domainUuid, tenantUuid), eq(users.userUuid, userUuid)));
}

/** The extension of the tenant and who uses it (null: nobody), or null when the tenant has no such extension. */
export async function findExtensionHolder(conn: Conn, tenantUuid: string, extensionUuid: string) {
  const [row] = await conn
    .select({ extension: extensions.extension, userUuid: users.userUuid })
    .from(extensions)
    .leftJoin(users, eq(users.extensionUuid, extensions.extensionUuid))
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extensionUuid, extensionUuid)));
  return row ?? null;
}

/** Gives an extension without a display name (e.g. one of a new tenant's range) the given one. */
export async function nameUnnamedExtension(
  conn: Conn,
  tenantUuid: string,
  extensionUuid: string,
  name: string,
): Promise<void> {
  await conn
    .update(extensions)
    .set({ effectiveCallerIdName: name })
    .where(
      and(
        eq(extensions.domainUuid, tenantUuid),
        eq(extensions.extensionUuid, extensionUuid),
        eq(extensions.effectiveCallerIdName, ''),
      ),
    );
}

/** Adds an extension (the extensions feature's rules are the contract's; the number lock is the caller's). */
export async function insertExtensionRow(
  conn: Conn,
  tenantUuid: string,
  row: { extensionUuid: string; extension: string; effectiveCallerIdName: string; passwordEnc: string },
): Promise<void> {
  await conn.insert(extensions).values({ ...row, domainUuid: tenantUuid });
}

/** Which of the given groups belong to the tenant. */
export async function tenantGroupIds(conn: Conn, tenantUuid: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await conn
    .select({ id: userGroups.userGroupUuid })
    .from(userGroups)
    .where(and(eq(userGroups.domainUuid, tenantUuid), inArray(userGroups.userGroupUuid, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the user's presence groups (the caller checked they are the tenant's). */
export async function setUserGroups(conn: Conn, userUuid: string, groupIds: string[]): Promise<void> {
  await conn.delete(userGroupMembers).where(eq(userGroupMembers.userUuid, userUuid));
  if (groupIds.length === 0) return;
  // New members go last in each group.
  await conn.execute(sql`
    INSERT INTO user_group_members (user_group_uuid, user_uuid, sort_order)
    SELECT g, ${userUuid}::uuid,
           coalesce((SELECT max(sort_order) + 1 FROM user_group_members WHERE user_group_uuid = g), 0)
      FROM unnest(${`{${groupIds.join(',')}}`}::uuid[]) AS g`);
}

/** The user dialog's choices: the tenant's extensions (with their users) and presence groups. */
export async function findFormOptions(conn: Conn, tenantUuid: string): Promise<UserFormOptions> {
  const [extensionRows, groupRows, ringGroupRows] = await Promise.all([
    conn
      .select({
        extensionUuid: extensions.extensionUuid,
        extension: extensions.extension,
        effectiveCallerIdName: extensions.effectiveCallerIdName,
        userUuid: users.userUuid,
        userNm: users.userNm,
      })
      .from(extensions)
      .leftJoin(users, eq(users.extensionUuid, extensions.extensionUuid))
      .where(eq(extensions.domainUuid, tenantUuid))
      .orderBy(sql`length(${extensions.extension})`, asc(extensions.extension)),
    conn
      .select({ commUuid: userGroups.userGroupUuid, commName: userGroups.name })
      .from(userGroups)
      .where(eq(userGroups.domainUuid, tenantUuid))
      .orderBy(asc(userGroups.sortOrder), asc(userGroups.name)),
    listRingGroupNumbers(conn, tenantUuid),
  ]);
  return { extensions: extensionRows, groups: groupRows, ringGroups: ringGroupRows };
}

/** The tenant's ring groups by number: a presence group's representative number is one of them. */
export async function listRingGroupNumbers(conn: Conn, tenantUuid: string) {
  return conn
    .select({ extension: ringGroups.ringGroupExtension, name: ringGroups.ringGroupName })
    .from(ringGroups)
    .where(eq(ringGroups.domainUuid, tenantUuid))
    .orderBy(asc(ringGroups.ringGroupExtension));
}

/** True when another user of any tenant has this login ID (IDs are unique regardless of case). */
export async function loginIdTaken(
  conn: Conn,
  id: string,
  exceptUserUuid: string | undefined,
): Promise<boolean> {
  const rows = await conn
    .select({ userUuid: users.userUuid })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${id})`,
        exceptUserUuid ? sql`${users.userUuid} <> ${exceptUserUuid}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Which of the given login IDs (lower-cased) some user of any tenant already has. */
export async function takenLoginIds(conn: Conn, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const lower = sql<string>`lower(${users.username})`;
  const rows = await conn
    .select({ id: lower })
    .from(users)
    .where(inArray(lower, [...new Set(ids.map((id) => id.trim().toLowerCase()))]));
  return new Set(rows.map((r) => r.id));
}
