import type { Page } from '@tsunagu/contract/paging';

/** How many pages' anchors a list keeps: the pager moves a few pages at a time. */
const KEPT_PER_LIST = 8;

const anchorsByList = new Map<string, Map<number, string>>();

/** The anchor of the held page nearest to `page` (another page: the server reads from its edge). */
export function nearestAnchor(list: string, page: number): string | undefined {
  let best: [number, string] | undefined;
  for (const [held, anchor] of anchorsByList.get(list) ?? []) {
    if (held === page) continue;
    if (!best || Math.abs(held - page) < Math.abs(best[0] - page)) best = [held, anchor];
  }
  return best?.[1];
}

/** Keeps a page's anchor, dropping the one farthest from it when the list holds too many. */
export function rememberAnchor(list: string, page: Pick<Page<unknown>, 'number' | 'anchor'>): void {
  if (!page.anchor) return;
  const anchors = anchorsByList.get(list) ?? new Map<number, string>();
  anchorsByList.set(list, anchors);
  anchors.set(page.number, page.anchor);
  if (anchors.size <= KEPT_PER_LIST) return;
  const farthest = [...anchors.keys()].reduce((a, b) =>
    Math.abs(b - page.number) > Math.abs(a - page.number) ? b : a,
  );
  anchors.delete(farthest);
}

/**
 * Reads a page of a keyset-paged list (server-paged lists, contract/paging.ts): sends the anchor of the
 * nearest page this list was sent before, so a deep page costs the server what the first one does, and
 * keeps the new page's anchor. `list` names the list with its filters, page size and order.
 */
export async function fetchAnchoredPage<T>(
  list: string,
  page: number,
  fetchPage: (anchor: string | undefined) => Promise<Page<T>>,
): Promise<Page<T>> {
  const result = await fetchPage(nearestAnchor(list, page));
  rememberAnchor(list, result);
  return result;
}

/**
 * `fetchAnchoredPage` of page `page` for a list whose query is a page query (contract/paging.ts): the list
 * is named by `name` (the list and its tenant) and every part of the query but the page, so the anchors of one
 * filter, size and order are never sent for another.
 */
export function fetchAnchoredQuery<Q extends object, T>(
  name: string,
  page: number,
  query: Q,
  fetchPage: (query: Q & { anchor?: string }) => Promise<Page<T>>,
): Promise<Page<T>> {
  const list = `${name}:${JSON.stringify({ ...query, page: undefined })}`;
  return fetchAnchoredPage(list, page, (anchor) => fetchPage({ ...query, ...(anchor && { anchor }) }));
}
