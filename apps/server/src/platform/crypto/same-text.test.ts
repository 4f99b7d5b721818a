import { describe, expect, it } from 'vitest';
import { sameText } from './same-text';

describe('sameText', () => {
  it('is true only for the same text, whatever the lengths', () => {
    expect(sameText('パスワード#2026', 'パスワード#2026')).toBe(true);
    expect(sameText('secret', 'secreT')).toBe(false);
    expect(sameText('secret', 'secret ')).toBe(false);
    expect(sameText('', '')).toBe(true);
    expect(sameText('', 'x')).toBe(false);
  });
});
