import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of the first two name parts', () => {
    expect(initials('山田 太郎')).toBe('山太');
    expect(initials('鈴木\u3000花子')).toBe('鈴花');
    expect(initials('taro yamada')).toBe('TY');
  });

  it('takes up to two letters of a single-part name', () => {
    expect(initials('admin')).toBe('AD');
    expect(initials('田中')).toBe('田中');
    expect(initials('  ')).toBe('?');
  });
});
