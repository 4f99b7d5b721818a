import { endpoints } from '@tsunagu/contract/api';
import type { CallItem, CallSearch } from '@tsunagu/contract/call-history';
import type { CallKind, CallResult } from '@tsunagu/contract/calls';
import type { Page } from '@tsunagu/contract/paging';
import { fetchData } from '../../shared/api/client';
import { fetchAnchoredQuery } from '../../shared/api/page-anchors';
import type { ListState } from '../../shared/ui/list-url-state';
import { periodBounds } from '../../shared/ui/server-list-screen';

/** The result filter's value meaning "every missed incoming call". */
export const MISSED_ALL = 'missedAll';

/** The search of a list state (the period's dates become instants in the browser's time zone). */
export function callSearch(state: ListState): CallSearch {
  const { kind, result, number, customer, extension } = state.filters;
  return {
    page: state.page,
    size: state.size,
    sort: state.sort,
    ...periodBounds(state.filters),
    ...(kind ? { kind: kind as CallKind } : {}),
    ...(result === MISSED_ALL ? { missed: 'true' as const } : result ? { result: result as CallResult } : {}),
    ...(number ? { number } : {}),
    ...(customer ? { customer } : {}),
    ...(extension ? { extension } : {}),
  };
}

/**
 * POST /v1/cdr/search: one page, sent with the anchor of the nearest page of the same search the
 * tenant's list was sent (a deep page then costs the server what the first one does).
 */
export function getCallPage(
  domainUuid: string,
  state: ListState,
  signal?: AbortSignal,
): Promise<Page<CallItem>> {
  return fetchAnchoredQuery(`tenant-calls:${domainUuid}`, state.page, callSearch(state), (body) =>
    fetchData(endpoints.callSearch, { body, signal }),
  );
}

/** POST /v1/cdr/search/export: the whole filtered history. */
export function getCallExport(state: ListState): Promise<CallItem[]> {
  return fetchData(endpoints.callSearchExport, { body: callSearch(state) });
}
