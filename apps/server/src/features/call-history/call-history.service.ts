import {
  CALL_HISTORY_DEFAULT_DAYS,
  CALL_HISTORY_MAX_DAYS,
  numberKey,
  type CallItem,
  type Parsed,
  type endpoints,
} from '@tsunagu/contract';
import { z } from 'zod';
import { Refusal } from '@tsunagu/contract/refusal';
import { EXPORT_MAX_ROWS, type Page } from '@tsunagu/contract/paging';
import { searchForm } from '../../platform/crm/customer-text';
import type { Db } from '../../platform/db/client';
import { anchoredPageOf, carriedTotal, parsePageAnchor } from '../../platform/db/paging';
import { callPage, callRows, isCountedFilter, searchTotal, type CallFilter } from './call-history.repository';
import { periodTotal } from './call-period-total';

type CallSearch = Parsed<typeof endpoints.callSearch, 'body'>;
const DAY_MS = 86_400_000;
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** The tenant's call history (/cust/cdr): one row per call, filtered, sorted and paged by the server. */
export function createCallHistoryService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const filterOf = (tenantUuid: string, q: CallSearch): CallFilter => {
    const to = q.to ? new Date(q.to) : now();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - CALL_HISTORY_DEFAULT_DAYS * DAY_MS);
    if (from >= to) throw new Refusal('invalid', 'callHistoryPeriodInvalid');
    if (to.getTime() - from.getTime() > CALL_HISTORY_MAX_DAYS * DAY_MS) {
      throw new Refusal('invalid', 'callHistoryPeriodTooLong');
    }
    const key = q.number ? numberKey(q.number) : null;
    if (q.number && !key) throw new Refusal('invalid', 'callHistoryNumberInvalid');
    return {
      tenantUuid,
      from,
      to,
      kind: q.kind,
      result: q.result,
      missed: q.missed,
      userUuid: q.userUuid,
      extension: q.extension,
      number: key ? { key, digits: key } : undefined,
      customer: q.customer ? searchForm(q.customer) || undefined : undefined,
    };
  };
  return {
    /**
     * A page read by keyset. The total of a period, kind and result comes from the kept counts on every
     * page; a search by number, customer, user or extension counts its matches on its first page and
     * carries that count in its anchors, so a later page counts nothing.
     */
    async page(tenantUuid: string, query: CallSearch): Promise<Page<CallItem>> {
      const filter = filterOf(tenantUuid, query);
      const paging = { page: query.page, size: query.size, descending: query.sort.direction === 'desc' };
      const anchor = parsePageAnchor(query.anchor, paging, isUuid);
      const counted = isCountedFilter(filter);
      const carried = anchor && query.page > 0 ? carriedTotal(query.anchor) : null;
      const total = counted
        ? await periodTotal(db, tenantUuid, filter, filter)
        : (carried ?? (await searchTotal(db, filter)));
      const content = await callPage(db, filter, query.sort, total, { ...paging, anchor });
      const page = anchoredPageOf(
        content,
        total,
        paging,
        content.map((c) => c.callUuid),
      );
      return counted || !page.anchor ? page : { ...page, anchor: `${page.anchor}~${total}` };
    },

    /** The whole filtered history in the list's order; more than EXPORT_MAX_ROWS calls is refused. */
    async export(tenantUuid: string, query: CallSearch): Promise<CallItem[]> {
      const filter = filterOf(tenantUuid, query);
      const rows = await callRows(db, filter, query.sort, EXPORT_MAX_ROWS + 1);
      if (rows.length > EXPORT_MAX_ROWS) throw new Refusal('invalid', 'exportTooLarge');
      return rows;
    },
  };
}
export type CallHistoryService = ReturnType<typeof createCallHistoryService>;
