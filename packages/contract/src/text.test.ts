import { describe, expect, it } from 'vitest';
import { containsControlCharacter, hasControlCharacter } from './text';

describe('control characters', () => {
  it('refuses C0 characters and DEL in one-line text, allows tab and newlines only in multi-line text', () => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u001f', '\u007f']) {
      expect(hasControlCharacter(`a${c}b`)).toBe(true);
      expect(hasControlCharacter(`a${c}b`, true)).toBe(true);
    }
    for (const c of ['\t', '\n', '\r']) {
      expect(hasControlCharacter(`a${c}b`)).toBe(true);
      expect(hasControlCharacter(`a${c}b`, true)).toBe(false);
    }
    expect(hasControlCharacter('山田 太郎 ～ ①')).toBe(false);
  });

  it('looks at every string at any depth and at keys; multi-line by field name', () => {
    expect(containsControlCharacter({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsControlCharacter({ 'k\u0000': 'x' })).toBe(true);
    expect(containsControlCharacter({ message: 'a\nb', n: 1, f: null })).toBe(true);
    expect(containsControlCharacter({ message: 'a\nb', n: 1, f: null }, ['message'])).toBe(false);
    expect(containsControlCharacter({ message: 'a\u0000b' }, ['message'])).toBe(true);
    expect(containsControlCharacter(undefined)).toBe(false);
  });
});
