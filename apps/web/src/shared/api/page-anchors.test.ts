import { describe, expect, it } from 'vitest';
import { fetchAnchoredPage, fetchAnchoredQuery, nearestAnchor } from './page-anchors';

const page = (number: number, anchor?: string) => ({
  content: [],
  totalElements: 100,
  number,
  size: 10,
  ...(anchor && { anchor }),
});

describe('page anchors', () => {
  it('sends the anchor of the nearest other page held, per list', async () => {
    const sent: (string | undefined)[] = [];
    const read = (list: string, n: number) =>
      fetchAnchoredPage(list, n, async (anchor) => {
        sent.push(anchor);
        return page(n, `${list}-${n}`);
      });
    await read('a', 0);
    await read('a', 1);
    await read('a', 5);
    await read('a', 4);
    await read('b', 3);
    // Page 4 re-read: its own anchor is not sent (the server cannot read a page from its own edge).
    await read('a', 4);
    expect(sent).toEqual([undefined, 'a-0', 'a-1', 'a-5', undefined, 'a-5']);
  });

  it('keeps nothing for a page without rows, and at most eight pages a list', async () => {
    for (let n = 0; n < 12; n++)
      await fetchAnchoredPage('c', n, async () => page(n, n === 11 ? undefined : `c-${n}`));
    expect(nearestAnchor('c', 11)).toBe('c-10');
    // The farthest were dropped as newer pages arrived.
    expect(nearestAnchor('c', 0)).toBe('c-3');
  });

  it('names a page-query list by everything but its page: another filter or order gets no anchor', async () => {
    const sent: (string | undefined)[] = [];
    const read = (n: number, query: { sort: string; q?: string }) =>
      fetchAnchoredQuery('d', n, { ...query, page: n }, async (withAnchor) => {
        sent.push(withAnchor.anchor);
        expect(withAnchor.page).toBe(n);
        return page(n, `d-${query.sort}-${query.q ?? ''}-${n}`);
      });
    await read(0, { sort: 'kana,asc' });
    await read(1, { sort: 'kana,asc' });
    await read(1, { sort: 'kana,desc' });
    await read(2, { sort: 'kana,asc', q: '青' });
    await read(2, { sort: 'kana,asc' });
    expect(sent).toEqual([undefined, 'd-kana,asc--0', undefined, undefined, 'd-kana,asc--1']);
  });
});
