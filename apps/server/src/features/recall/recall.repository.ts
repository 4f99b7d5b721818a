import { UNREGISTERED, type RecallItem, type RecallScope, type RecallState } from '@tsunagu/contract';
import type { PageSort } from '@tsunagu/contract/paging';
import {
  aliasedTable,
  and,
  eq,
  getTableColumns,
  inArray,
  lt,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { customerNamesOf } from '../../platform/crm/customer-names';
import type { Conn } from '../../platform/db/client';
import { pageOrder, readKeysetRows, type KeysetList, type PageAnchor } from '../../platform/db/paging';
import { recallItemCounts, recallItems, userGroupMembers, userGroups, users } from '../../platform/db/schema';

export interface RecallFilter {
  tenantUuid: string;
  /** The scope's assignees (scopeAssignees): null for everyone's. */
  assignees: [string, ...string[]] | null;
  state: RecallState;
  overdue: boolean;
  now: Date;
}

type RecallSort = PageSort<keyof typeof SORT_COLUMNS>;

/** Each order's key, under the (tenant, state, key, id) indexes of 0038; no due time sorts last ascending. */
const SORT_COLUMNS = {
  createdAt: recallItems.createdAt,
  dueAt: recallItems.dueKey,
  number: recallItems.number,
};

const assignee = aliasedTable(users, 'assignee');
const creator = aliasedTable(users, 'creator');
const closer = aliasedTable(users, 'closer');
// The item as stored, without the sort key derived from it (no due time is 'infinity', not a date).
const { dueKey: _dueKey, assignee: _assignee, ...itemColumns } = getTableColumns(recallItems);

/**
 * Whose items a scope shows (the items' `assignee` of 0039): null for everyone's, else the user and, for
 * "my groups", each of the user's groups.
 */
export async function scopeAssignees(
  conn: Conn,
  userUuid: string,
  scope: RecallScope,
): Promise<[string, ...string[]] | null> {
  if (scope === 'all') return null;
  if (scope === 'mine') return [userUuid];
  const groups = await conn
    .select({ uuid: userGroupMembers.userGroupUuid })
    .from(userGroupMembers)
    .where(eq(userGroupMembers.userUuid, userUuid));
  return [userUuid, ...groups.map((g) => g.uuid)];
}

/** The filter within the tenant and the scope's assignees: state and overdue (no due time is never overdue). */
function filterConditions(f: RecallFilter): SQL | undefined {
  return and(eq(recallItems.state, f.state), f.overdue ? lt(recallItems.dueKey, f.now) : undefined);
}

const conditions = (f: RecallFilter) =>
  and(
    eq(recallItems.domainUuid, f.tenantUuid),
    f.assignees ? inArray(recallItems.assignee, f.assignees) : undefined,
    filterConditions(f),
  );

const displayName = (user: { userNm: string; username: string } | null) =>
  user ? user.userNm || user.username : '';

/** Items with the names the list shows, matching `where`, in the order given. */
async function itemsWhere(
  conn: Conn,
  where: SQL | undefined,
  now: Date,
  orderBy: SQL[],
  limit: number,
): Promise<RecallItem[]> {
  const rows = await conn
    .select({
      item: itemColumns,
      assignee: { userNm: assignee.userNm, username: assignee.username },
      group: userGroups.name,
      creator: { userNm: creator.userNm, username: creator.username },
      closer: { userNm: closer.userNm, username: closer.username },
    })
    .from(recallItems)
    .leftJoin(assignee, eq(assignee.userUuid, recallItems.assigneeUserUuid))
    .leftJoin(userGroups, eq(userGroups.userGroupUuid, recallItems.assigneeGroupUuid))
    .leftJoin(creator, eq(creator.userUuid, recallItems.createdBy))
    .leftJoin(closer, eq(closer.userUuid, recallItems.doneBy))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  // Every item is of the one tenant the list is scoped to.
  const tenantUuid = rows[0]?.item.domainUuid;
  const names = tenantUuid
    ? await customerNamesOf(
        conn,
        tenantUuid,
        rows.map((r) => r.item.number),
      )
    : new Map<string, string>();
  return rows.map(({ item, assignee: a, group, creator: c, closer: d }) => ({
    recallUuid: item.recallUuid,
    number: item.number,
    customerUuid: item.customerUuid,
    customerName: names.get(item.number) ?? UNREGISTERED,
    reason: item.reason,
    assigneeUserUuid: item.assigneeUserUuid,
    assigneeGroupUuid: item.assigneeGroupUuid,
    assigneeName: a ? displayName(a) : (group ?? ''),
    dueAt: item.dueAt?.toISOString() ?? null,
    overdue: item.state === 'open' && item.dueAt !== null && item.dueAt < now,
    state: item.state,
    createdAt: item.createdAt.toISOString(),
    createdByName: displayName(c),
    callUuid: item.callUuid,
    doneAt: item.doneAt?.toISOString() ?? null,
    doneByName: displayName(d),
  }));
}

/**
 * One page of the list whose total is known, read by keyset (platform/db/paging.ts readKeysetRows) from
 * the nearer end or the anchor's row: everyone's on the order's (tenant, state, key, id) index of 0038,
 * a scope's on the (tenant, assignee, state, key, id) one of 0039, one range per assignee merged.
 */
export function recallPage(
  conn: Conn,
  filter: RecallFilter,
  sort: RecallSort,
  total: number,
  page: { page: number; size: number; anchor: PageAnchor | null },
): Promise<RecallItem[]> {
  const { assignees } = filter;
  const list: KeysetList = {
    table: recallItems,
    columns: { key: SORT_COLUMNS[sort.field], id: recallItems.recallUuid },
    tenant: { column: recallItems.domainUuid, uuid: filter.tenantUuid },
    where: filterConditions(filter),
    ...(assignees && { anyOf: { column: recallItems.assignee, values: assignees } }),
    descending: sort.direction === 'desc',
  };
  return readKeysetRows(conn, list, total, page, (ids: SQLWrapper, orderBy) =>
    itemsWhere(
      conn,
      and(eq(recallItems.domainUuid, filter.tenantUuid), inArray(recallItems.recallUuid, ids)),
      filter.now,
      orderBy,
      page.size,
    ),
  );
}

/** The first `limit` items of the filter in the sort's order (the export). */
export function recallRows(
  conn: Conn,
  filter: RecallFilter,
  sort: RecallSort,
  limit: number,
): Promise<RecallItem[]> {
  return itemsWhere(
    conn,
    conditions(filter),
    filter.now,
    pageOrder(SORT_COLUMNS, recallItems.recallUuid, sort),
    limit,
  );
}

/**
 * How many items the filter selects. Without `overdue`, a sum of the counts the triggers of 0038 keep
 * (one per assignee of the tenant for everyone's, the user's and the user's groups' otherwise); overdue
 * items are counted on the due-time index, a range as long as the backlog past due, not the history.
 */
export async function recallTotal(conn: Conn, filter: RecallFilter): Promise<number> {
  if (filter.overdue) {
    const [row] = await conn
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(recallItems)
      .where(conditions(filter));
    return row?.n ?? 0;
  }
  const c = recallItemCounts;
  const [row] = await conn
    .select({ n: sql<number>`coalesce(sum(${c.items}), 0)`.mapWith(Number) })
    .from(c)
    .where(
      and(
        eq(c.domainUuid, filter.tenantUuid),
        eq(c.state, filter.state),
        filter.assignees ? inArray(c.assignee, filter.assignees) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** One of the tenant's items (null when it is not the tenant's). */
export async function recallItem(conn: Conn, tenantUuid: string, recallUuid: string, now: Date) {
  const [item] = await itemsWhere(
    conn,
    and(eq(recallItems.domainUuid, tenantUuid), eq(recallItems.recallUuid, recallUuid)),
    now,
    [],
    1,
  );
  return item ?? null;
}

/** Whether the user and the group (when given) are the tenant's. */
export async function assigneesBelong(
  conn: Conn,
  tenantUuid: string,
  userUuid: string | null | undefined,
  groupUuid: string | null | undefined,
): Promise<boolean> {
  if (userUuid) {
    const [u] = await conn
      .select({ id: users.userUuid })
      .from(users)
      .where(and(eq(users.userUuid, userUuid), eq(users.domainUuid, tenantUuid)));
    if (!u) return false;
  }
  if (groupUuid) {
    const [g] = await conn
      .select({ id: userGroups.userGroupUuid })
      .from(userGroups)
      .where(and(eq(userGroups.userGroupUuid, groupUuid), eq(userGroups.domainUuid, tenantUuid)));
    if (!g) return false;
  }
  return true;
}

/** Assigns the tenant's items among `ids`; the number changed. */
export async function assignItems(
  conn: Conn,
  tenantUuid: string,
  ids: string[],
  to: { userUuid: string | null; groupUuid: string | null },
): Promise<number> {
  const rows = await conn
    .update(recallItems)
    .set({ assigneeUserUuid: to.userUuid, assigneeGroupUuid: to.groupUuid })
    .where(and(eq(recallItems.domainUuid, tenantUuid), inArray(recallItems.recallUuid, ids)))
    .returning({ id: recallItems.recallUuid });
  return rows.length;
}

/** Closes the tenant's open items among `ids` as done by the user; the number closed. */
export async function closeItems(
  conn: Conn,
  tenantUuid: string,
  ids: string[],
  userUuid: string,
  at: Date,
): Promise<number> {
  const rows = await conn
    .update(recallItems)
    .set({ state: 'done', doneAt: at, doneBy: userUuid })
    .where(
      and(
        eq(recallItems.domainUuid, tenantUuid),
        inArray(recallItems.recallUuid, ids),
        eq(recallItems.state, 'open'),
      ),
    )
    .returning({ id: recallItems.recallUuid });
  return rows.length;
}
