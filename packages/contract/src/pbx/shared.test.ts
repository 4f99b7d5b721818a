import { describe, expect, it } from 'vitest';
import {
  compareNumbers,
  enabledLabel,
  flagOf,
  groupOptions,
  isBlank,
  isDigitsIn,
  isFlagOn,
  numberLabel,
} from './shared';

describe('shared helpers', () => {
  it('labels numbers with the name, or the fallback when the name is blank', () => {
    expect(numberLabel('1001', '山田')).toBe('1001 [山田]');
    expect(numberLabel('1001', '  ', '内線')).toBe('1001 [内線]');
    expect(numberLabel('1001', null, '内線')).toBe('1001 [内線]');
  });

  it('treats null, undefined and whitespace as blank', () => {
    expect([null, undefined, '', ' \t'].map(isBlank)).toEqual([true, true, true, true]);
    expect(isBlank(' a ')).toBe(false);
  });

  it('checks digit strings against an inclusive range', () => {
    const range = { min: 300, max: 399 };
    expect(['300', '399'].map((t) => isDigitsIn(t, range))).toEqual([true, true]);
    expect(['299', '400', '3a0', '', '-300', '3e2'].map((t) => isDigitsIn(t, range))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('sorts numbers numerically', () => {
    expect(['1010', '999', '1002'].sort(compareNumbers)).toEqual(['999', '1002', '1010']);
  });

  it("reads 'true' as 利用 and anything else as 停止", () => {
    expect(enabledLabel('true')).toBe('利用');
    expect([enabledLabel('false'), enabledLabel(''), enabledLabel(null), enabledLabel('TRUE')]).toEqual([
      '停止',
      '停止',
      '停止',
      '停止',
    ]);
  });

  it('turns booleans into API flags and back, with only the exact string true being on', () => {
    expect([flagOf(true), flagOf(false)]).toEqual(['true', 'false']);
    expect([true, false].map((on) => isFlagOn(flagOf(on)))).toEqual([true, false]);
    expect(['false', '', 'TRUE', ' true', '1', null, undefined].filter(isFlagOn)).toEqual([]);
  });

  it('groups items by label in order of first appearance', () => {
    const items = [
      { group: 'B', n: 1 },
      { group: 'A', n: 2 },
      { group: 'B', n: 3 },
    ];
    expect(groupOptions(items)).toEqual([
      { label: 'B', options: [items[0], items[2]] },
      { label: 'A', options: [items[1]] },
    ]);
  });
});
