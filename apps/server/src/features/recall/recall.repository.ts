import { UNREGISTERED, type RecallItem, type RecallScope, type RecallState } from '@tsunagu/contract';
import type { PageSort } from '@tsunagu/contract/paging';
import { aliasedTable, and, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { pageOrder } from '../../platform/db/paging';
import { recallItems, userGroupMembers, userGroups, users } from '../../platform/db/schema';

export interface RecallFilter {
  tenantUuid: string;
  userUuid: string;
  scope: RecallScope;
  state: RecallState;
  overdue: boolean;
  now: Date;
}

const SORT_COLUMNS = {
  createdAt: recallItems.createdAt,
  dueAt: recallItems.dueAt,
  number: recallItems.number,
};

const assignee = aliasedTable(users, 'assignee');
const creator = aliasedTable(users, 'creator');
const closer = aliasedTable(users, 'closer');

/** The groups the user belongs to. */
const myGroups = (userUuid: string) =>
  sql`(SELECT ${userGroupMembers.userGroupUuid} FROM ${userGroupMembers} WHERE ${userGroupMembers.userUuid} = ${userUuid})`;

function conditions(f: RecallFilter): SQL | undefined {
  return and(
    eq(recallItems.domainUuid, f.tenantUuid),
    eq(recallItems.state, f.state),
    f.scope === 'mine' ? eq(recallItems.assigneeUserUuid, f.userUuid) : undefined,
    f.scope === 'groups'
      ? or(
          eq(recallItems.assigneeUserUuid, f.userUuid),
          sql`${recallItems.assigneeGroupUuid} IN ${myGroups(f.userUuid)}`,
        )
      : undefined,
    f.overdue ? and(isNotNull(recallItems.dueAt), lt(recallItems.dueAt, f.now)) : undefined,
  );
}

const displayName = (user: { userNm: string; username: string } | null) =>
  user ? user.userNm || user.username : '';

/** Items with the names the list shows, matching `where`, in the sort's order. */
async function itemsWhere(
  conn: Conn,
  where: SQL | undefined,
  now: Date,
  sort: PageSort<keyof typeof SORT_COLUMNS> | null,
  window: { limit: number; offset: number },
): Promise<RecallItem[]> {
  const rows = await conn
    .select({
      item: recallItems,
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
    .orderBy(...(sort ? pageOrder(SORT_COLUMNS, recallItems.recallUuid, sort) : []))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ item, assignee: a, group, creator: c, closer: d }) => ({
    recallUuid: item.recallUuid,
    number: item.number,
    customerUuid: item.customerUuid,
    customerName: UNREGISTERED,
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

export function recallRows(
  conn: Conn,
  filter: RecallFilter,
  sort: PageSort<keyof typeof SORT_COLUMNS>,
  window: { limit: number; offset: number },
): Promise<RecallItem[]> {
  return itemsWhere(conn, conditions(filter), filter.now, sort, window);
}

export async function recallTotal(conn: Conn, filter: RecallFilter): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recallItems)
    .where(conditions(filter));
  return row?.n ?? 0;
}

/** One of the tenant's items (null when it is not the tenant's). */
export async function recallItem(conn: Conn, tenantUuid: string, recallUuid: string, now: Date) {
  const [item] = await itemsWhere(
    conn,
    and(eq(recallItems.domainUuid, tenantUuid), eq(recallItems.recallUuid, recallUuid)),
    now,
    null,
    { limit: 1, offset: 0 },
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
