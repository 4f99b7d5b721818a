import { describe, expect, it } from 'vitest';
import { pagerModel } from './history-pager';

describe('pagerModel (max 3 links, no rotation)', () => {
  it('shows one page of links for up to 3 pages', () => {
    expect(pagerModel(1, 11, 10)).toEqual({
      pages: [1, 2],
      previousBlock: null,
      nextBlock: null,
      totalPages: 2,
    });
    expect(pagerModel(3, 30, 10)).toEqual({
      pages: [1, 2, 3],
      previousBlock: null,
      nextBlock: null,
      totalPages: 3,
    });
  });

  it('keeps pages in fixed blocks of 3 instead of centring the current one', () => {
    expect(pagerModel(2, 100, 10).pages).toEqual([1, 2, 3]);
    expect(pagerModel(3, 100, 10).pages).toEqual([1, 2, 3]);
    expect(pagerModel(4, 100, 10).pages).toEqual([4, 5, 6]);
    expect(pagerModel(6, 100, 10).pages).toEqual([4, 5, 6]);
  });

  it('offers jumps to the neighbouring blocks', () => {
    expect(pagerModel(1, 100, 10)).toMatchObject({ previousBlock: null, nextBlock: 4, totalPages: 10 });
    expect(pagerModel(5, 100, 10)).toMatchObject({ previousBlock: 3, nextBlock: 7 });
    expect(pagerModel(10, 100, 10)).toEqual({
      pages: [10],
      previousBlock: 9,
      nextBlock: null,
      totalPages: 10,
    });
  });

  it('clamps a page outside the range', () => {
    expect(pagerModel(0, 25, 10).pages).toEqual([1, 2, 3]);
    expect(pagerModel(0, 0, 10)).toEqual({ pages: [1], previousBlock: null, nextBlock: null, totalPages: 1 });
  });
});
