/** Prefixes whose dial strings keep their non-digits (spec 9 "Dial prefixes"). */
export const MONITOR_PREFIX = '*33';
/** Picks up a call ringing a colleague's extension (*8 + extension). */
export const PICKUP_PREFIX = '*8';
export const UNSTRIPPED_DIAL_PREFIXES = [MONITOR_PREFIX, '*0', PICKUP_PREFIX] as const;

/** Transfer and forward numbers: 3–12 characters of digits, #, * or space (spec 9). */
export const TRANSFER_NUMBER_LENGTH = { min: 3, max: 12 } as const;

/** A number counts as external (and may open the customer screen) when longer than this. */
export const EXTERNAL_NUMBER_MIN_LENGTH = 5;

const NUMBER_CHARACTERS = /^[0-9#* ]$/;

// Editing and focus keys are let through as well: blocking Tab or the arrows would trap keyboard users,
// and none of them can put a forbidden character into the field.
const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
]);

/**
 * Full-width forms typed with the Japanese input method on (１２３, ＃, ＊, the ideographic space) as
 * their ASCII characters: NFKC maps each to its half-width twin and leaves other characters alone.
 */
function halfWidth(text: string): string {
  return text.normalize('NFKC');
}

/**
 * Key-press filter of number inputs: digits, #, *, space (full-width ones too, converted by
 * `sanitizeNumberInput`), backspace and the editing keys. 'Process' is a key the input method is
 * composing: its text arrives as a change and is cleaned there.
 */
export function isNumberInputKey(key: string): boolean {
  return NUMBER_CHARACTERS.test(halfWidth(key)) || EDITING_KEYS.has(key) || key === 'Process';
}

/** Keeps only the characters a number input accepts (typed or pasted), full-width ones converted. */
export function sanitizeNumberInput(text: string): string {
  return [...halfWidth(text)].filter((c) => NUMBER_CHARACTERS.test(c)).join('');
}

/** True when the text is a valid transfer/forward number (3–12 of digits, #, * or space). */
export function isTransferNumber(text: string): boolean {
  const { min, max } = TRANSFER_NUMBER_LENGTH;
  return text.length >= min && text.length <= max && sanitizeNumberInput(text) === text;
}

/** What is actually dialled: non-digits stripped, except that *33, *0 and *8 codes keep their stars. */
export function dialString(number: string): string {
  const compact = number.replace(/\s+/g, '');
  // Feature codes need their '*'; only the spaces a user may have typed are removed from them.
  if (UNSTRIPPED_DIAL_PREFIXES.some((prefix) => compact.startsWith(prefix))) return compact;
  return number.replace(/\D+/g, '');
}

/** The dial string that monitors an extension (*33 + extension). */
export function monitorDialString(extension: string): string {
  return MONITOR_PREFIX + dialString(extension);
}

/** The dial string that picks up the call ringing an extension (*8 + extension). */
export function pickupDialString(extension: string): string {
  return PICKUP_PREFIX + dialString(extension);
}

/**
 * Japan's emergency numbers (police, coast guard, fire and ambulance). Three digits, so the length rule
 * would keep them inside; they always leave through a gateway, whatever the tenant has configured.
 */
export const EMERGENCY_NUMBERS: readonly string[] = ['110', '118', '119'];

export const isEmergencyNumber = (number: string): boolean => EMERGENCY_NUMBERS.includes(number);

/** True when the number is external, i.e. longer than 4 characters. */
export function isExternalNumber(number: string): boolean {
  return number.length >= EXTERNAL_NUMBER_MIN_LENGTH;
}
