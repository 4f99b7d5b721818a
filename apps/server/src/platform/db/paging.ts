import type { Page, PageSort } from '@tsunagu/contract/paging';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Applying a page query (contract/paging.ts) to SQL. The query schema has already refused sort fields
 * outside the list's whitelist and sizes above MAX_PAGE_SIZE; here each allowed field maps to its column
 * (a field without a column does not compile) and every order ends with a unique tiebreaker, so a row
 * never appears on two pages nor on none.
 */
export function pageOrder<F extends string>(
  columns: Record<F, AnyColumn>,
  tiebreaker: AnyColumn,
  sort: PageSort<F>,
): SQL[] {
  const by = sort.direction === 'asc' ? asc : desc;
  return [by(columns[sort.field]), by(tiebreaker)];
}

/** LIMIT and OFFSET of a page. */
export function pageWindow(query: { page: number; size: number }): { limit: number; offset: number } {
  return { limit: query.size, offset: query.page * query.size };
}

/**
 * The total of a page's query: a page that is neither empty nor full ends the result, so its total is
 * known without counting; otherwise `count` runs (a counter table or a count over an index).
 */
export async function pageTotal(
  query: { page: number; size: number },
  rows: number,
  count: () => Promise<number>,
): Promise<number> {
  return rows > 0 && rows < query.size ? query.page * query.size + rows : count();
}

/** The page answer. */
export function pageOf<T>(
  content: T[],
  totalElements: number,
  query: { page: number; size: number },
): Page<T> {
  return { content, totalElements, number: query.page, size: query.size };
}
