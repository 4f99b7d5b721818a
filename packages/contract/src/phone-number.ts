import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/max';

/**
 * One phone-number key for every way a Japanese office writes a number, so that a caller ID, a typed
 * number and an imported spreadsheet cell find the same customer. The key of a Japanese number is its
 * national form in digits ('0312345678'); a foreign number keeps E.164 ('+14155550123'). The `max`
 * metadata is used because the smaller sets accept impossible numbers (0012345678, 0800 + 6 digits).
 */

/** Characters people put between digits: hyphens and dashes of every width, the long-vowel mark used as
 * a dash, spaces, dots, slashes and brackets. */
const SEPARATORS = /[\s\-‐‑‒–—―−ー.()/（）]/g;

/** Words a caller ID carries when the caller withheld the number. */
const WITHHELD = new Set([
  'anonymous',
  'unknown',
  'private',
  'restricted',
  'unavailable',
  '非通知',
  '通知不可能',
  '公衆電話',
]);

/** The longest extension: a number of this many digits or fewer is an extension, never a customer. */
export const EXTENSION_MAX_DIGITS = 4;

function keyOf(parsed: PhoneNumber | undefined): string | null {
  if (!parsed?.isValid()) return null;
  return parsed.country === 'JP' ? `0${parsed.nationalNumber}` : parsed.number;
}

/** normalizePhoneNumber's answer, worked out. */
function keyOfText(raw: string): string | null {
  const text = raw.normalize('NFKC').trim();
  if (text === '' || WITHHELD.has(text.toLowerCase())) return null;
  const compact = text.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const digits = compact.replace('+', '');
  if (digits.length <= EXTENSION_MAX_DIGITS) return null;
  if (compact.startsWith('+')) return keyOf(parsePhoneNumberFromString(compact));
  // '0081…' is Japan's own country code behind the international prefix 00 some PBXs send.
  if (digits.startsWith('0081')) return keyOf(parsePhoneNumberFromString(`+${digits.slice(2)}`));
  if (digits.startsWith('0')) return keyOf(parsePhoneNumberFromString(digits, 'JP'));
  // No leading zero: a spreadsheet dropped it, or a trunk sent '81…' without the plus.
  return (
    keyOf(parsePhoneNumberFromString(`0${digits}`, 'JP')) ??
    (digits.startsWith('81') ? keyOf(parsePhoneNumberFromString(`+${digits}`)) : null)
  );
}

/**
 * Keys worked out already, by the text as given: parsing with the full metadata costs ~70 µs a number,
 * and the same callers' numbers come back on every page of every history. Bounded (emptied when full).
 */
const knownKeys = new Map<string, string | null>();
const KNOWN_KEYS_MAX = 10_000;

/**
 * The number's key, or null when it is not a customer's number (empty, withheld, an extension, letters,
 * or no valid number in Japan or abroad). Full-width digits, '+81', '0081', '010' + a foreign number,
 * and a national number whose leading zero a spreadsheet dropped ('312345678') are all understood.
 */
export function normalizePhoneNumber(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const known = knownKeys.get(raw);
  if (known !== undefined) return known;
  const key = keyOfText(raw);
  if (knownKeys.size >= KNOWN_KEYS_MAX) knownKeys.clear();
  knownKeys.set(raw, key);
  return key;
}

/** Whether the text is a number a customer can have. */
export function isCustomerPhoneNumber(raw: string | null | undefined): boolean {
  return normalizePhoneNumber(raw) !== null;
}

/**
 * A key (or any number text) in the grouping people read: 03-1234-5678, 090-1234-5678, 0120-123-456;
 * a foreign number in international form (+1 415 555 0123). Text that is no number comes back unchanged.
 */
export function formatPhoneNumber(key: string): string {
  const normalized = normalizePhoneNumber(key);
  if (normalized === null) return key;
  const parsed = normalized.startsWith('+')
    ? parsePhoneNumberFromString(normalized)
    : parsePhoneNumberFromString(normalized, 'JP');
  if (!parsed) return key;
  return parsed.country === 'JP' ? parsed.formatNational() : parsed.formatInternational();
}
