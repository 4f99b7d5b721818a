/** A page of a server-paged list as the tests read it: its rows and the anchor of the next page. */
export interface AnchoredPage<T> {
  content: T[];
  anchor?: string;
}

/**
 * Every page of a list in one order, each read from the previous page's anchor as the pager asks for
 * it; the ids of the rows in the order they came.
 */
export async function walkByAnchor<T>(
  page: (query: string) => Promise<AnchoredPage<T>>,
  idOf: (row: T) => string,
  sort: string,
  size = 3,
): Promise<string[]> {
  const seen: string[] = [];
  let anchor: string | undefined;
  for (let n = 0; ; n++) {
    const body = await page(`size=${size}&page=${n}&sort=${sort}${anchor ? `&anchor=${anchor}` : ''}`);
    if (body.content.length === 0) return seen;
    seen.push(...body.content.map(idOf));
    anchor = body.anchor;
  }
}
