import { UNREGISTERED, type CallItem, type CallKind, type CallResult } from '@tsunagu/contract';
import type { PageSort } from '@tsunagu/contract/paging';
import { isExternalNumber } from '@tsunagu/contract/pbx/dial';
import { and, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { recordingsOfCalls } from '../../platform/call-model/call-recordings';
import type { Conn } from '../../platform/db/client';
import { pageOrder, readKeysetRows, type KeysetList, type PageAnchor } from '../../platform/db/paging';
import { customerNamesOf } from '../../platform/crm/customer-names';
import { containsPattern } from '../../platform/crm/customer-text';
import { calls, customerNumbers, customers, extensions, users } from '../../platform/db/schema';
import { kindAndResult } from './call-period-total';

export interface CallFilter {
  tenantUuid: string;
  from: Date;
  to: Date;
  kind?: CallKind;
  result?: CallResult;
  missed: boolean;
  userUuid?: string;
  extension?: string;
  /** The number's key (outside numbers) and its digits (incoming numbers, extensions). */
  number?: { key: string; digits: string };
  /** Part of a customer's name or furigana, in the search form of customer-text.ts. */
  customer?: string;
}

/** The numbers of the tenant's customers whose name or furigana contains the text. */
const numbersOfCustomers = (tenantUuid: string, text: string) =>
  sql`(SELECT ${customerNumbers.numberKey} FROM ${customerNumbers}
    JOIN ${customers} ON ${customers.customerUuid} = ${customerNumbers.customerUuid}
    WHERE ${customerNumbers.domainUuid} = ${tenantUuid} AND ${customers.domainUuid} = ${tenantUuid}
      AND ${like(customers.searchText, containsPattern(text))})`;

const SORT_COLUMNS = {
  startStamp: calls.startStamp,
  ringSeconds: calls.ringSeconds,
  talkSeconds: calls.talkSeconds,
};

/**
 * A number is an extension (answered or placed the call, or was called internally) or an outside one
 * (the other party, or the tenant's own incoming number). Each pair is an OR over two indexed columns
 * (a BitmapOr), where one OR over all four could only filter the whole period.
 */
function numberCondition(number: { key: string; digits: string }): SQL | undefined {
  return isExternalNumber(number.digits)
    ? or(eq(calls.outsideKey, number.key), eq(calls.incomingNumber, number.digits))
    : or(eq(calls.agentExtension, number.digits), eq(calls.calleeNumber, number.digits));
}

/** Does the filter ask only what the kept counts know (the period, kind and result)? */
export const isCountedFilter = (f: CallFilter): boolean =>
  !f.userUuid && !f.extension && !f.number && !f.customer;

/** The filter's conditions but the tenant's (which the keyset list applies itself). */
function filterConditions(f: CallFilter): SQL | undefined {
  return and(
    gte(calls.startStamp, f.from),
    lt(calls.startStamp, f.to),
    kindAndResult(f, calls.kind, calls.result),
    f.userUuid ? eq(calls.agentUserUuid, f.userUuid) : undefined,
    f.extension ? eq(calls.agentExtension, f.extension) : undefined,
    f.number ? numberCondition(f.number) : undefined,
    f.customer ? sql`${calls.outsideKey} IN ${numbersOfCustomers(f.tenantUuid, f.customer)}` : undefined,
  );
}

const conditions = (f: CallFilter) => and(eq(calls.domainUuid, f.tenantUuid), filterConditions(f));

type CallSort = PageSort<keyof typeof SORT_COLUMNS>;

/** The calls `where` selects, in `orderBy`, with who took or made each. */
const callsOf = (conn: Conn, where: SQL | undefined, orderBy: SQL[]) =>
  conn
    .select({
      call: calls,
      userName: users.userNm,
      extensionName: extensions.effectiveCallerIdName,
    })
    .from(calls)
    .leftJoin(users, eq(users.userUuid, calls.agentUserUuid))
    .leftJoin(extensions, eq(extensions.extensionUuid, calls.agentExtensionUuid))
    .where(where)
    .orderBy(...orderBy);

/**
 * One page of the calls matching the filter, in the sort's order (call_uuid breaks ties), read by keyset
 * (platform/db/paging.ts readKeysetRows) from the anchor the client sent or from the nearer end of the
 * result over the order's index (calls_history_*_idx of 0036): a deep page costs what the first one does.
 */
export async function callPage(
  conn: Conn,
  filter: CallFilter,
  sort: CallSort,
  total: number,
  page: { page: number; size: number; anchor: PageAnchor | null },
): Promise<CallItem[]> {
  const list: KeysetList = {
    table: calls,
    columns: { key: SORT_COLUMNS[sort.field], id: calls.callUuid },
    tenant: { column: calls.domainUuid, uuid: filter.tenantUuid },
    where: filterConditions(filter),
    descending: sort.direction === 'desc',
  };
  const rows = await readKeysetRows(conn, list, total, page, (ids, orderBy) =>
    callsOf(conn, and(eq(calls.domainUuid, filter.tenantUuid), inArray(calls.callUuid, ids)), orderBy),
  );
  return itemsOf(conn, filter.tenantUuid, rows);
}

/** The first `limit` calls matching the filter in the sort's order (the export). */
export async function callRows(conn: Conn, filter: CallFilter, sort: CallSort, limit: number) {
  const rows = await callsOf(conn, conditions(filter), pageOrder(SORT_COLUMNS, calls.callUuid, sort)).limit(
    limit,
  );
  return itemsOf(conn, filter.tenantUuid, rows);
}

/** The list's items of calls: the customers' names and the recordings looked up once for all. */
async function itemsOf(
  conn: Conn,
  tenantUuid: string,
  rows: Awaited<ReturnType<typeof callsOf>>,
): Promise<CallItem[]> {
  const outside = rows.flatMap(({ call }) => (call.outsideNumber ? [call.outsideNumber] : []));
  const names = await customerNamesOf(conn, tenantUuid, outside);
  const recordings = await recordingsOfCalls(
    conn,
    tenantUuid,
    rows.map(({ call }) => call.callId),
  );
  return rows.map(({ call, userName, extensionName }) => ({
    callUuid: call.callUuid,
    startStamp: call.startStamp.toISOString(),
    kind: call.kind,
    outsideNumber: call.outsideNumber,
    customerUuid: null,
    customerName:
      call.kind === 'internal' ? '' : ((call.outsideNumber && names.get(call.outsideNumber)) ?? UNREGISTERED),
    incomingNumber: call.incomingNumber,
    agentExtension: call.agentExtension,
    agentName: userName || extensionName || '',
    calleeNumber: call.calleeNumber,
    ringSeconds: call.ringSeconds,
    talkSeconds: call.talkSeconds,
    result: call.result,
    ...(recordings.has(call.callId) && { recordings: recordings.get(call.callId) }),
  }));
}

/**
 * How many calls match, counted over the matching calls of the period: for a search the kept counts
 * do not know, counted on its first page only (the service).
 */
export async function searchTotal(conn: Conn, filter: CallFilter): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(calls)
    .where(conditions(filter));
  return row?.n ?? 0;
}
