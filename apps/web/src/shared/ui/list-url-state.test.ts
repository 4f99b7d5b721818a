import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from './list-url-state';

describe('a server-paged list’s URL', () => {
  it('round-trips page (one-based in the URL), size, sort and filters, leaving defaults out', () => {
    const state = { page: 2, size: 50, sort: 'name,asc', filters: { username: 'cp', from: '2026-11-01' } };
    const params = writeListState(state, 'createdAt,desc');
    expect(params.toString()).toBe('page=3&size=50&sort=name%2Casc&username=cp&from=2026-11-01');
    expect(readListState(params, 'createdAt,desc', ['username', 'from'])).toEqual(state);
    expect(
      writeListState({ page: 0, size: 20, sort: 'createdAt,desc', filters: {} }, 'createdAt,desc').toString(),
    ).toBe('');
  });

  it('falls back to the defaults for what it cannot read, and ignores keys the list does not filter by', () => {
    const params = new URLSearchParams('page=-3&size=33&other=x&username=');
    expect(readListState(params, 'createdAt,desc', ['username'])).toEqual({
      page: 0,
      size: 20,
      sort: 'createdAt,desc',
      filters: {},
    });
  });
});
