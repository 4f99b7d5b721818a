import { describe, expect, it } from 'vitest';
import { keysetPlan, pageAnchorOf, parsePageAnchor } from './paging';

const isId = (id: string) => /^r\d+$/.test(id);

describe('keyset paging', () => {
  it('reads from the nearer end without an anchor', () => {
    expect(keysetPlan(23, { page: 0, size: 10 }, null)).toEqual({
      after: null,
      reversed: false,
      offset: 0,
      limit: 10,
    });
    expect(keysetPlan(23, { page: 2, size: 10 }, null)).toEqual({
      after: null,
      reversed: true,
      offset: 0,
      limit: 3,
    });
    expect(keysetPlan(1_000_000, { page: 99_998, size: 10 }, null)).toMatchObject({
      reversed: true,
      offset: 10,
    });
    expect(keysetPlan(23, { page: 3, size: 10 }, null)).toBeNull();
  });

  it('reads a middle page from the anchor beside it, forwards or backwards', () => {
    const anchor = { page: 50_000, firstId: 'r1', lastId: 'r10' };
    expect(keysetPlan(1_000_000, { page: 50_001, size: 10 }, anchor)).toEqual({
      after: 'r10',
      reversed: false,
      offset: 0,
      limit: 10,
    });
    expect(keysetPlan(1_000_000, { page: 49_998, size: 10 }, anchor)).toEqual({
      after: 'r1',
      reversed: true,
      offset: 10,
      limit: 10,
    });
    // The same page, or an anchor farther than an end, is not used.
    expect(keysetPlan(1_000_000, { page: 50_000, size: 10 }, anchor)?.after).toBeNull();
    expect(keysetPlan(1_000_000, { page: 1, size: 10 }, anchor)?.after).toBeNull();
  });

  it('writes and reads anchors, ignoring those of another size, order or id form', () => {
    const query = { page: 4, size: 10, descending: true };
    const text = pageAnchorOf(query, ['r1', 'r2', 'r3'])!;
    expect(text).toBe('4~10~d~r1~r3');
    expect(parsePageAnchor(text, query, isId)).toEqual({ page: 4, firstId: 'r1', lastId: 'r3' });
    expect(parsePageAnchor(text, { ...query, size: 20 }, isId)).toBeNull();
    expect(parsePageAnchor(text, { ...query, descending: false }, isId)).toBeNull();
    expect(parsePageAnchor('4~10~d~x~r3', query, isId)).toBeNull();
    expect(parsePageAnchor(undefined, query, isId)).toBeNull();
    expect(pageAnchorOf(query, [])).toBeUndefined();
  });
});
