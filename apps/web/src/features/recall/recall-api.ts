import { endpoints } from '@tsunagu/contract/api';
import type { Page } from '@tsunagu/contract/paging';
import type { RecallBulk, RecallItem, RecallQuery } from '@tsunagu/contract/recall';
import { fetchData } from '../../shared/api/client';
import { fetchAnchoredQuery } from '../../shared/api/page-anchors';
import type { ListState } from '../../shared/ui/list-url-state';

/** The recall list's query key: every change invalidates it. */
export const recallKey = (domainUuid: string) => ['recall', domainUuid] as const;

/** The query of a list state: open items, everyone's, unless the filters say otherwise. */
export function recallQuery(state: ListState): RecallQuery {
  const { scope, state: itemState, overdue } = state.filters;
  return {
    page: state.page,
    size: state.size,
    sort: state.sort,
    ...(scope ? { scope: scope as RecallQuery['scope'] } : {}),
    ...(itemState ? { state: itemState as RecallQuery['state'] } : {}),
    ...(overdue === 'true' ? { overdue: 'true' as const } : {}),
  };
}

/**
 * A page of the recall list, sent with the anchor of the nearest page held (keyset paging: a deep page
 * costs the server what the first one does). The anchors are kept per tenant, filter, size and order.
 */
export function getRecallPage(
  domainUuid: string,
  state: ListState,
  signal?: AbortSignal,
): Promise<Page<RecallItem>> {
  return fetchAnchoredQuery(`recall:${domainUuid}`, state.page, recallQuery(state), (query) =>
    fetchData(endpoints.recallList, { params: { domainUuid }, query, signal }),
  );
}

export function getRecallExport(domainUuid: string, state: ListState): Promise<RecallItem[]> {
  return fetchData(endpoints.recallExport, { params: { domainUuid }, query: recallQuery(state) });
}

export function closeRecall(recallUuid: string): Promise<RecallItem> {
  return fetchData(endpoints.recallDone, { params: { recallUuid } });
}

export function bulkRecall(body: RecallBulk): Promise<{ updated: number }> {
  return fetchData(endpoints.recallBulk, { body });
}
