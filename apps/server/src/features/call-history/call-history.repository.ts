import {
  MISSED_RESULTS,
  UNREGISTERED,
  type CallItem,
  type CallKind,
  type CallResult,
} from '@tsunagu/contract';
import type { PageSort } from '@tsunagu/contract/paging';
import { isExternalNumber } from '@tsunagu/contract/pbx/dial';
import { and, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import { pageOrder } from '../../platform/db/paging';
import { customerNamesOf } from '../../platform/crm/customer-names';
import { containsPattern } from '../../platform/crm/customer-text';
import { calls, customerNumbers, customers, extensions, users } from '../../platform/db/schema';

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

function conditions(f: CallFilter): SQL | undefined {
  return and(
    eq(calls.domainUuid, f.tenantUuid),
    gte(calls.startStamp, f.from),
    lt(calls.startStamp, f.to),
    f.kind ? eq(calls.kind, f.kind) : undefined,
    f.result ? eq(calls.result, f.result) : undefined,
    f.missed ? and(eq(calls.kind, 'inbound'), inArray(calls.result, MISSED_RESULTS)) : undefined,
    f.userUuid ? eq(calls.agentUserUuid, f.userUuid) : undefined,
    f.extension ? eq(calls.agentExtension, f.extension) : undefined,
    f.number ? numberCondition(f.number) : undefined,
    f.customer ? sql`${calls.outsideKey} IN ${numbersOfCustomers(f.tenantUuid, f.customer)}` : undefined,
  );
}

/** Calls matching the filter in the sort's order (call_uuid breaks ties), with who took or made each. */
export async function callRows(
  conn: Conn,
  filter: CallFilter,
  sort: PageSort<keyof typeof SORT_COLUMNS>,
  window: { limit: number; offset: number },
): Promise<CallItem[]> {
  const rows = await conn
    .select({
      call: calls,
      userName: users.userNm,
      extensionName: extensions.effectiveCallerIdName,
    })
    .from(calls)
    .leftJoin(users, eq(users.userUuid, calls.agentUserUuid))
    .leftJoin(extensions, eq(extensions.extensionUuid, calls.agentExtensionUuid))
    .where(conditions(filter))
    .orderBy(...pageOrder(SORT_COLUMNS, calls.callUuid, sort))
    .limit(window.limit)
    .offset(window.offset);
  const outside = rows.flatMap(({ call }) => (call.outsideNumber ? [call.outsideNumber] : []));
  const names = await customerNamesOf(conn, filter.tenantUuid, outside);
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
  }));
}

/** How many calls match (counted over the tenant's period index). */
export async function callTotal(conn: Conn, filter: CallFilter): Promise<number> {
  const [row] = await conn
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(calls)
    .where(conditions(filter));
  return row?.n ?? 0;
}
