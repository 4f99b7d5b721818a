import { z } from 'zod';

/**
 * Server-paged lists (every list of the second half): one query shape in, one page shape out.
 * Spring-style, as the spec's client reads pages: zero-based `page`, `size`, `sort=field,asc|desc`.
 */

/** Page sizes the list screen offers; the first is the default. */
export const PAGE_SIZES = [20, 50, 100] as const;
/** The largest page a client may ask for. */
export const MAX_PAGE_SIZE = 100;
/**
 * The highest page number a list accepts: past any real list's last page (10 billion rows at the
 * largest size), so the last page of a 10-million-call history is never refused.
 */
export const MAX_PAGE_NUMBER = 100_000_000;
/** The most rows one export writes (the whole filtered result up to this many). */
export const EXPORT_MAX_ROWS = 50_000;

export type SortDirection = 'asc' | 'desc';

/** A page of results. */
export interface Page<T> {
  content: T[];
  /** Rows matching the filter, over all pages. */
  totalElements: number;
  /** Zero-based page number. */
  number: number;
  size: number;
  /**
   * Where this page lies, for the client to send back (`anchor`) with its next request: a page near it
   * is then read by keyset from its first or last row instead of skipping every row before it.
   */
  anchor?: string;
}

/** The schema of a page of the given items. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalElements: z.number(),
    number: z.number(),
    size: z.number(),
    anchor: z.string().optional(),
  });
}

/**
 * The `anchor` query parameter: a page's anchor as the server wrote it
 * (`page~size~a|d~firstId~lastId`, and for a list that counts a search once, `~total`: the count its
 * first page was sent with). Only the rows of the caller's own list can be named by it: the server reads
 * it within the list's filters, and a row no longer there makes it count for nothing.
 */
export const pageAnchorParam = z
  .string()
  .max(200)
  .regex(/^\d{1,7}~\d{1,3}~[ad]~[\w-]{1,64}~[\w-]{1,64}(~\d{1,12})?$/, {
    message: 'ページの指定が正しくありません。',
  });

/** The sort of a page: a field the list allows and a direction. */
export interface PageSort<F extends string> {
  field: F;
  direction: SortDirection;
}

/**
 * The query of a server-paged list: `page`, `size` (at most MAX_PAGE_SIZE), `sort` naming one of the
 * list's `sortFields` (`field,asc` or `field,desc`; anything else is refused), and the list's own
 * filters. `sort` parses to `{ field, direction }`.
 */
export function pageQuerySchema<F extends readonly [string, ...string[]], Filters extends z.ZodRawShape>(
  sortFields: F,
  defaultSort: `${F[number]},${SortDirection}`,
  filters: Filters,
) {
  const allowed = new Set<string>(sortFields);
  const sort = z
    .string()
    .default(defaultSort)
    .transform((value, context) => {
      const [field = '', direction = 'asc', extra] = value.split(',');
      const lower = direction.toLowerCase();
      if (extra !== undefined || !allowed.has(field) || (lower !== 'asc' && lower !== 'desc')) {
        context.addIssue({ code: 'custom', message: '並べ替えの指定が正しくありません。' });
        return z.NEVER;
      }
      return { field: field as F[number], direction: lower as SortDirection };
    });
  return z.object({
    page: z.coerce.number().int().min(0).max(MAX_PAGE_NUMBER).default(0),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZES[0]),
    sort,
    anchor: pageAnchorParam.optional(),
    ...filters,
  });
}

/** The query without paging: what an export of the whole filtered result sends. */
export type FilterOf<Q> = Omit<Q, 'page' | 'size' | 'anchor'>;

/** The text form of a sort, as the query and the URL carry it. */
export function sortParam(sort: PageSort<string>): string {
  return `${sort.field},${sort.direction}`;
}
