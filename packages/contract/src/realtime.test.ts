import { describe, expect, it } from 'vitest';
import { applyLoginUsers } from './realtime';

const online = (userUuid: string, loginCnt = 1) => ({ userUuid, loginCnt });

describe('applyLoginUsers', () => {
  it('replaces the list with a whole one (what a new subscriber receives first)', () => {
    expect(applyLoginUsers([online('a'), online('b')], [online('c', 2)])).toEqual([online('c', 2)]);
  });

  it('updates, adds and removes (0) only the users a change names', () => {
    const before = [online('a'), online('b', 2), online('c')];
    const after = applyLoginUsers(before, { changed: [online('b', 1), online('c', 0), online('d')] });
    expect(after).toEqual([online('a'), online('b', 1), online('d')]);
    expect(before).toHaveLength(3);
  });
});
