import { PAGE_SIZES } from '@tsunagu/contract/paging';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A server-paged list's state, kept in the URL so that reload and Back keep it: `?page=` (one-based, as
 * people read it), `size`, `sort` (`field,asc|desc`) and the list's own filter keys. Defaults are left out.
 */
export interface ListState {
  /** Zero-based, as the server's page query takes it. */
  page: number;
  size: number;
  sort: string;
  filters: Record<string, string>;
}

/** Reads the state from the URL; anything unreadable falls back to its default. */
export function readListState(
  params: URLSearchParams,
  defaultSort: string,
  filterKeys: readonly string[],
): ListState {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
    sort: params.get('sort') || defaultSort,
    filters,
  };
}

/** The URL's search parameters for a state. */
export function writeListState(state: ListState, defaultSort: string): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.size !== PAGE_SIZES[0]) params.set('size', String(state.size));
  if (state.sort !== defaultSort) params.set('sort', state.sort);
  for (const [key, value] of Object.entries(state.filters)) if (value) params.set(key, value);
  return params;
}

/** The list's state and its changes; each change is a history entry, and a new sort or filter starts at page 1. */
export function useListUrlState(defaultSort: string, filterKeys: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const keys = filterKeys.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keys stands for filterKeys
  const state = useMemo(() => readListState(params, defaultSort, filterKeys), [params, defaultSort, keys]);
  const update = useCallback(
    (change: Partial<ListState>) => setParams(writeListState({ ...state, ...change }, defaultSort)),
    [state, setParams, defaultSort],
  );
  return {
    state,
    setPage: (page: number, size: number) => update({ page: size === state.size ? page : 0, size }),
    setSort: (sort: string) => update({ sort, page: 0 }),
    setFilters: (filters: Record<string, string>) => update({ filters, page: 0 }),
  };
}
