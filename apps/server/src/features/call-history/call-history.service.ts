import {
  CALL_HISTORY_DEFAULT_DAYS,
  CALL_HISTORY_MAX_DAYS,
  numberKey,
  type CallItem,
  type Parsed,
  type endpoints,
} from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { EXPORT_MAX_ROWS, type Page } from '@tsunagu/contract/paging';
import { searchForm } from '../../platform/crm/customer-text';
import type { Db } from '../../platform/db/client';
import { pageOf, pageTotal, pageWindow } from '../../platform/db/paging';
import { callRows, callTotal, type CallFilter } from './call-history.repository';

type CallSearch = Parsed<typeof endpoints.callSearch, 'body'>;
const DAY_MS = 86_400_000;

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
    async page(tenantUuid: string, query: CallSearch): Promise<Page<CallItem>> {
      const filter = filterOf(tenantUuid, query);
      const content = await callRows(db, filter, query.sort, pageWindow(query));
      const total = await pageTotal(query, content.length, () => callTotal(db, filter));
      return pageOf(content, total, query);
    },

    /** The whole filtered history in the list's order; more than EXPORT_MAX_ROWS calls is refused. */
    async export(tenantUuid: string, query: CallSearch): Promise<CallItem[]> {
      const filter = filterOf(tenantUuid, query);
      const rows = await callRows(db, filter, query.sort, { limit: EXPORT_MAX_ROWS + 1, offset: 0 });
      if (rows.length > EXPORT_MAX_ROWS) throw new Refusal('invalid', 'exportTooLarge');
      return rows;
    },
  };
}
export type CallHistoryService = ReturnType<typeof createCallHistoryService>;
