import { describe, expect, it } from 'vitest';
import { applyLoginUsers, forcedOutReason } from './realtime';

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

describe('forcedOutReason', () => {
  it('says why when the body gives a reason, else who, else only that it was forced', () => {
    expect(forcedOutReason('{"reason":"tenantStopped"}')).toBe(
      'このドメインの利用が停止されたため、サインアウトしました。管理者にお問い合わせください。',
    );
    expect(forcedOutReason('{"by":"管理 太郎"}')).toBe(
      '管理者（管理 太郎）によって強制ログアウトされました。',
    );
    expect(forcedOutReason('')).toBe('管理者によって強制ログアウトされました。');
    expect(forcedOutReason('{"reason":"unknown"}')).toBe('管理者によって強制ログアウトされました。');
  });
});
