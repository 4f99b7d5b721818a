import type { Page, PageSort } from '@tsunagu/contract/paging';
import {
  and,
  asc,
  desc,
  eq,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { unionAll, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Conn } from './client';

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

/*
 * Keyset paging: a deep page costs what the first one does. The client keeps the `anchor` of each page it
 * was sent (the page's number and its first and last rows) and sends the nearest one back; the next
 * page is then read from the anchor's last row onwards, the previous one from its first row backwards,
 * by a (key, id) row comparison the list's index answers. Without an anchor the page is read from the
 * nearer end of the list (the last page is as cheap as the first). The total comes from a counter.
 *
 * A list that pages this way orders by one non-null key column and its unique id, both in the same
 * direction, with an index on (its filter's equality columns…, key, id).
 */

/** A page the client holds: its number and the ids of its first and last rows. */
export interface PageAnchor {
  page: number;
  firstId: string;
  lastId: string;
}

/** The anchor text of a page (contract/paging.ts `pageAnchorParam`), or none for an empty page. */
export function pageAnchorOf(
  query: { page: number; size: number; descending: boolean },
  ids: string[],
): string | undefined {
  if (ids.length === 0) return undefined;
  return [query.page, query.size, query.descending ? 'd' : 'a', ids[0], ids[ids.length - 1]].join('~');
}

/**
 * The anchor the client sent, when it was written for pages of this size and order and names ids of the
 * list's form (`isId`; a malformed id must not reach the database as a parameter). Else none.
 */
export function parsePageAnchor(
  text: string | undefined,
  query: { size: number; descending: boolean },
  isId: (id: string) => boolean,
): PageAnchor | null {
  if (!text) return null;
  const [page, size, direction, firstId, lastId] = text.split('~');
  if (Number(size) !== query.size || direction !== (query.descending ? 'd' : 'a')) return null;
  if (!firstId || !lastId || !isId(firstId) || !isId(lastId)) return null;
  return { page: Number(page), firstId, lastId };
}

/**
 * How to read one page of a keyset list of `total` rows: `limit` rows after skipping `offset`, read in
 * the list's order or (`reversed`) the opposite one and turned back, starting strictly after row `after`
 * (in the reading order) or at the reading order's start. Null when the page lies past the end.
 */
export interface KeysetPlan {
  after: string | null;
  reversed: boolean;
  offset: number;
  limit: number;
}

/** The cheapest way to read the page: from the start, from the end or from the anchor, whichever skips least. */
export function keysetPlan(
  total: number,
  query: { page: number; size: number },
  anchor: PageAnchor | null,
): KeysetPlan | null {
  const start = query.page * query.size;
  if (start >= total) return null;
  const limit = Math.min(query.size, total - start);
  const plans: KeysetPlan[] = [
    { after: null, reversed: false, offset: start, limit },
    { after: null, reversed: true, offset: total - start - limit, limit },
  ];
  if (anchor && anchor.page < query.page)
    plans.push({
      after: anchor.lastId,
      reversed: false,
      offset: (query.page - anchor.page - 1) * query.size,
      limit,
    });
  if (anchor && anchor.page > query.page)
    plans.push({
      after: anchor.firstId,
      reversed: true,
      offset: (anchor.page - query.page - 1) * query.size,
      limit,
    });
  return plans.reduce((best, plan) => (plan.offset < best.offset ? plan : best));
}

/** A keyset list's order: its key column and its unique id, read the same way. */
export interface KeysetColumns {
  key: AnyColumn;
  id: AnyColumn;
}

/** ORDER BY of a keyset list read in one direction. */
export function keysetOrderBy(columns: KeysetColumns, descending: boolean): SQL[] {
  const by = descending ? desc : asc;
  return [by(columns.key), by(columns.id)];
}

/**
 * Rows strictly after a bound row in the reading order. `bound` selects the bound row's (key, id) — from
 * the same list's filters, so an id of another tenant's row selects nothing and so matches no row.
 */
export function keysetAfter(columns: KeysetColumns, descending: boolean, bound: SQL): SQL {
  return descending
    ? sql`(${columns.key}, ${columns.id}) < (${bound})`
    : sql`(${columns.key}, ${columns.id}) > (${bound})`;
}

/**
 * Reads a page by its plan. `read` runs the plan's query and returns the rows in the list's order (the
 * plan's reading order only picks them). When the anchor's row is gone (deleted since), nothing follows
 * it, so the page is read again as if no anchor had been sent.
 */
export async function readKeysetPage<T>(
  total: number,
  query: { page: number; size: number },
  anchor: PageAnchor | null,
  read: (plan: KeysetPlan) => Promise<T[]>,
): Promise<T[]> {
  const plan = keysetPlan(total, query, anchor);
  if (!plan) return [];
  const rows = await read(plan);
  return rows.length === 0 && plan.after !== null ? read(keysetPlan(total, query, null)!) : rows;
}

/** The page answer of a keyset list: `pageOf` plus the anchor of the page's rows (`ids`, in order). */
export function anchoredPageOf<T>(
  content: T[],
  totalElements: number,
  query: { page: number; size: number; descending: boolean },
  ids: string[],
): Page<T> {
  const anchor = pageAnchorOf(query, ids);
  return { ...pageOf(content, totalElements, query), ...(anchor && { anchor }) };
}

/** A page query of a keyset list as the contract parses it (contract/paging.ts). */
export interface KeysetPageQuery {
  page: number;
  size: number;
  anchor?: string;
  sort: { direction: 'asc' | 'desc' };
}

/** A page of a keyset list to read: its window, its order and the anchor the client sent, if usable. */
export interface KeysetPageRead {
  page: number;
  size: number;
  descending: boolean;
  anchor: PageAnchor | null;
}

/** Keyset lists name their rows by uuid: an anchor naming anything else is dropped. */
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/**
 * The total a search's anchor carries: the count of its first page, which the client sends back with
 * the anchors of later pages (`page~size~a|d~firstId~lastId~total`). Only the caller's own paging
 * reads it, and only for a search the kept counts cannot answer.
 */
export function carriedTotal(anchor: string | undefined): number | null {
  const total = anchor?.split('~')[5];
  return total === undefined ? null : Number(total);
}

/**
 * A keyset list's page answer: the total (`total`), then the page (`read`) from the anchor the client
 * sent, then the answer with the anchor of the page's rows (`idOf`, their uuids). With `countOnce` (a
 * search no kept count answers), the total is counted on a page sent without a usable anchor and then
 * carried in the anchors (carriedTotal), so a later page counts nothing.
 */
export async function keysetPageAnswer<T>(
  query: KeysetPageQuery,
  total: () => Promise<number>,
  read: (total: number, page: KeysetPageRead) => Promise<T[]>,
  idOf: (row: T) => string,
  options: { countOnce?: boolean } = {},
): Promise<Page<T>> {
  const paging = { page: query.page, size: query.size, descending: query.sort.direction === 'desc' };
  const anchor = parsePageAnchor(query.anchor, paging, isUuid);
  const carried = options.countOnce && anchor && query.page > 0 ? carriedTotal(query.anchor) : null;
  const counted = carried ?? (await total());
  const rows = await read(counted, { ...paging, anchor });
  const page = anchoredPageOf(rows, counted, paging, rows.map(idOf));
  return options.countOnce && page.anchor ? { ...page, anchor: `${page.anchor}~${counted}` } : page;
}

/** An id of a keyset read: given, or a placeholder of a prepared statement. */
type Id = string | Placeholder;

/**
 * A keyset list of rows of a table: its order's columns (of that table) and either one tenant's rows
 * (`tenant`) or, for a list over tenants themselves, the rows `where` selects.
 */
export interface KeysetList {
  table: PgTable;
  columns: KeysetColumns;
  tenant?: { column: AnyColumn; uuid: Id };
  where?: SQL;
  /**
   * The rows whose `column` (an equality column of the list's index, before the key) is any of `values`:
   * each value's range is read in order and the ranges merged, so a read costs the page times the values,
   * not the rows the list's filters pass over.
   */
  anyOf?: { column: AnyColumn; values: [string, ...string[]] };
  descending: boolean;
}

/**
 * The ids of one keyset read, index-only from the list's (tenant, key, id) index: `limit` ids after
 * skipping `offset`, in the reading order (`descending`), strictly after the row `after` names. The
 * anchor's row bounds the read only if it is one of the tenant's: another tenant's id selects nothing.
 */
export function keysetIds(
  conn: Conn,
  list: KeysetList,
  read: { descending: boolean; after: Id | null; limit: number | Placeholder; offset: number | Placeholder },
): SQLWrapper {
  const { table, columns, tenant, anyOf } = list;
  const own = and(tenant && eq(tenant.column, tenant.uuid), list.where);
  const anchorRow = (id: Id) => sql`SELECT anchor.${sql.identifier(columns.key.name)},
    anchor.${sql.identifier(columns.id.name)} FROM ${table} anchor
    WHERE anchor.${sql.identifier(columns.id.name)} = ${id}${
      tenant ? sql` AND anchor.${sql.identifier(tenant.column.name)} = ${tenant.uuid}` : sql``
    }`;
  const after =
    read.after !== null ? keysetAfter(columns, read.descending, anchorRow(read.after)) : undefined;
  const orderBy = () => keysetOrderBy(columns, read.descending);
  if (!anyOf || anyOf.values.length === 1)
    return conn
      .select({ id: sql`${columns.id}` })
      .from(table)
      .where(and(own, anyOf && eq(anyOf.column, anyOf.values[0]), after))
      .orderBy(...orderBy())
      .limit(read.limit)
      .offset(read.offset);
  const { limit, offset } = read;
  if (typeof limit !== 'number' || typeof offset !== 'number')
    throw new Error('a merged keyset read takes its window as numbers');
  // Each value's first offset + limit rows in order (named as the columns, which the merge orders by);
  // the merge skips offset of them and keeps limit.
  const [first, second, ...rest] = anyOf.values.map((value) =>
    conn
      .select({
        key: sql`${columns.key}`.as(columns.key.name),
        id: sql`${columns.id}`.as(columns.id.name),
      })
      .from(table)
      .where(and(own, eq(anyOf.column, value), after))
      .orderBy(...orderBy())
      .limit(offset + limit),
  );
  const merged = unionAll(first!, second!, ...rest)
    .orderBy(...orderBy())
    .limit(limit)
    .offset(offset)
    .as('merged');
  return conn.select({ id: sql`${merged.id}` }).from(merged);
}

/**
 * One page of a keyset list whose total is known: the page's ids (keysetIds), walked from the nearer
 * end or from the anchor's row; then `rowsOf` reads those rows alone in full, in the `orderBy` it is
 * given (the list's order).
 */
export function readKeysetRows<T>(
  conn: Conn,
  list: KeysetList,
  total: number,
  page: { page: number; size: number; anchor: PageAnchor | null },
  rowsOf: (ids: SQLWrapper, orderBy: SQL[]) => Promise<T[]>,
): Promise<T[]> {
  return readKeysetPage(total, page, page.anchor, (plan) => {
    const descending = list.descending !== plan.reversed;
    const ids = keysetIds(conn, list, { descending, ...plan });
    return rowsOf(ids, keysetOrderBy(list.columns, list.descending));
  });
}
