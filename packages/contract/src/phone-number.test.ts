import { describe, expect, it } from 'vitest';
import { numberKey } from './calls';
import { formatPhoneNumber, isCustomerPhoneNumber, normalizePhoneNumber } from './phone-number';

describe('normalizePhoneNumber', () => {
  it.each([
    // Every way of writing one Tokyo number reaches one key.
    ['0312345678', '0312345678'],
    ['03-1234-5678', '0312345678'],
    ['03 1234 5678', '0312345678'],
    ['(03)1234-5678', '0312345678'],
    ['03（1234）5678', '0312345678'],
    ['０３－１２３４－５６７８', '0312345678'],
    ['０３ー１２３４ー５６７８', '0312345678'],
    ['03−1234−5678', '0312345678'],
    ['03.1234.5678', '0312345678'],
    ['+81312345678', '0312345678'],
    ['+81 3-1234-5678', '0312345678'],
    ['＋８１３１２３４５６７８', '0312345678'],
    ['0081312345678', '0312345678'],
    ['81312345678', '0312345678'],
    ['  03-1234-5678  ', '0312345678'],
    // Excel dropped the leading zero.
    ['312345678', '0312345678'],
    ['9012345678', '09012345678'],
    ['120123456', '0120123456'],
    // Mobile, IP, free dial, navi dial, regional numbers with longer area codes.
    ['090-1234-5678', '09012345678'],
    ['080 1234 5678', '08012345678'],
    ['070-1234-5678', '07012345678'],
    ['050-1234-5678', '05012345678'],
    ['0120-123-456', '0120123456'],
    ['0800-123-4567', '08001234567'],
    ['0570-123-456', '0570123456'],
    ['06-1234-5678', '0612345678'],
    ['045-123-4567', '0451234567'],
    ['0467-12-3456', '0467123456'],
    // Foreign numbers keep E.164; 010 is Japan's international prefix.
    ['+1 415 555 0123', '+14155550123'],
    ['010-1-415-555-0123', '+14155550123'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (raw, key) => {
    expect(normalizePhoneNumber(raw)).toBe(key);
  });

  it.each([
    // Extensions (up to 4 digits) and withheld numbers are never customers.
    ['1001'],
    ['101'],
    ['9'],
    ['Anonymous'],
    ['anonymous'],
    ['非通知'],
    ['公衆電話'],
    ['unknown'],
    // Empty, letters, impossible numbers.
    [''],
    ['   '],
    ['03-1234-567a'],
    ['abc'],
    ['0012345678'],
    ['0000000000'],
    ['0800123456'],
    ['12345'],
    ['+'],
    ['03-1234-5678 内線12'],
  ])('%s → null', (raw) => {
    expect(normalizePhoneNumber(raw)).toBeNull();
  });

  it('takes null and undefined', () => {
    expect(normalizePhoneNumber(null)).toBeNull();
    expect(normalizePhoneNumber(undefined)).toBeNull();
    expect(isCustomerPhoneNumber('03-1234-5678')).toBe(true);
    expect(isCustomerPhoneNumber('1001')).toBe(false);
  });
});

describe('formatPhoneNumber', () => {
  it.each([
    ['0312345678', '03-1234-5678'],
    ['09012345678', '090-1234-5678'],
    ['0120123456', '0120-123-456'],
    ['0612345678', '06-1234-5678'],
    ['0451234567', '045-123-4567'],
    ['0467123456', '0467-12-3456'],
    ['05012345678', '050-1234-5678'],
    ['08001234567', '0800-123-4567'],
    ['0570123456', '0570-123-456'],
    ['+14155550123', '+1 415 555 0123'],
    // Any spelling formats the same; text that is no customer's number comes back unchanged.
    ['+81 3 1234 5678', '03-1234-5678'],
    ['312345678', '03-1234-5678'],
    ['1001', '1001'],
    ['Anonymous', 'Anonymous'],
  ])('%s → %s', (key, shown) => {
    expect(formatPhoneNumber(key)).toBe(shown);
  });
});

describe('numberKey (calls ↔ recall items ↔ customers)', () => {
  it('is the normaliser’s key, and the digits of a number the normaliser does not take', () => {
    expect(numberKey('+81 3-1234-5678')).toBe('0312345678');
    expect(numberKey('312345678')).toBe('0312345678');
    expect(numberKey('5550100')).toBe('5550100');
    expect(numberKey('')).toBeNull();
    expect(numberKey(null)).toBeNull();
  });
});
