import { describe, expect, it } from 'vitest';
import {
  dialString,
  isExternalNumber,
  isNumberInputKey,
  isTransferNumber,
  monitorDialString,
  pickupDialString,
  sanitizeNumberInput,
} from './dial';

describe('number inputs', () => {
  it('accepts digits, #, *, space and backspace', () => {
    for (const key of [...'0123456789', '#', '*', ' ', 'Backspace'])
      expect(isNumberInputKey(key), key).toBe(true);
  });

  it('lets editing and focus keys through', () => {
    for (const key of ['Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter']) {
      expect(isNumberInputKey(key), key).toBe(true);
    }
  });

  it('refuses letters and signs', () => {
    for (const key of ['a', 'A', '+', '-', '.', 'ａ', '－', 'Shift', '12'])
      expect(isNumberInputKey(key), key).toBe(false);
  });

  it('lets full-width digits, ＃, ＊ and the input method’s composing key through', () => {
    for (const key of ['１', '０', '＃', '＊', '\u3000', 'Process'])
      expect(isNumberInputKey(key), key).toBe(true);
  });

  it('sanitizes pasted text to the accepted characters', () => {
    expect(sanitizeNumberInput('03-1234-5678')).toBe('0312345678');
    expect(sanitizeNumberInput('*8 (10)#x')).toBe('*8 10#');
  });

  it('converts full-width digits typed with the Japanese input method on, instead of dropping them', () => {
    expect(sanitizeNumberInput('１２３')).toBe('123');
    expect(sanitizeNumberInput('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(sanitizeNumberInput('＊８\u3000１０＃')).toBe('*8 10#');
  });

  it('accepts transfer numbers of 3–12 accepted characters', () => {
    expect(['100', '1000', '*81', '09012345678', '0 3 1 2 3 4'].map(isTransferNumber)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['10', '0901234567890', '1000a', '', '+8190'].map(isTransferNumber)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('dialling', () => {
  it('strips non-digits from ordinary numbers', () => {
    expect(dialString('03-1234-5678')).toBe('0312345678');
    expect(dialString(' 1001 ')).toBe('1001');
    expect(dialString('#1001*')).toBe('1001');
  });

  it('picks up with *8 and the extension', () => {
    expect(pickupDialString('10 02')).toBe('*81002');
  });

  it('keeps *33, *0 and *8 codes, removing only spaces', () => {
    expect(dialString('*331001')).toBe('*331001');
    expect(dialString('*33 1001')).toBe('*331001');
    expect(dialString('*012')).toBe('*012');
    expect(dialString(' *8 1001')).toBe('*81001');
  });

  it('strips other star codes', () => {
    expect(dialString('*9 1001')).toBe('91001');
    expect(dialString('*1')).toBe('1');
  });

  it('builds the monitor code', () => {
    expect(monitorDialString('1001')).toBe('*331001');
  });

  it('treats numbers longer than 4 characters as external', () => {
    expect(isExternalNumber('1001')).toBe(false);
    expect(isExternalNumber('301')).toBe(false);
    expect(isExternalNumber('10011')).toBe(true);
    expect(isExternalNumber('0312345678')).toBe(true);
  });
});
