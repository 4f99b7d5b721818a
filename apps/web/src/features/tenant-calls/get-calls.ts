import { endpoints } from '@tsunagu/contract/api';
import type { CallItem, CallSearch } from '@tsunagu/contract/call-history';
import type { CallKind, CallResult } from '@tsunagu/contract/calls';
import type { Page } from '@tsunagu/contract/paging';
import { fetchData } from '../../shared/api/client';
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

/** POST /v1/cdr/search: one page. */
export function getCallPage(state: ListState, signal?: AbortSignal): Promise<Page<CallItem>> {
  return fetchData(endpoints.callSearch, { body: callSearch(state), signal });
}

/** POST /v1/cdr/search/export: the whole filtered history. */
export function getCallExport(state: ListState): Promise<CallItem[]> {
  return fetchData(endpoints.callSearchExport, { body: callSearch(state) });
}
