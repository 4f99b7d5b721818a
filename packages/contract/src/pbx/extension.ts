import { z } from 'zod';
import { reasons } from '../reasons';
import { isTransferNumber } from './dial';
import { compareNumbers, flagSchema, idSchema, isBlank, numberLabel, type Flag } from './shared';

/** Extension numbers: four digits (1000–9999), so that anything longer reads as external. */
export const EXTENSION_NUMBER_RANGE = { min: 1000, max: 9999 } as const;
/** Park slots dial 5901–5908, so no extension may take those numbers. */
export const PARK_NUMBER_RANGE = { min: 5901, max: 5908 } as const;
export const DISPLAY_NAME_MAX_LENGTH = 50;

/**
 * An extension as the API carries it (spec 3 "Extension"). The SIP password is deliberately absent:
 * it never leaves the server in lists; a user's own softphone gets it from /v1/softphone/connection.
 */
export const extensionSchema = z.object({
  /** Row key of the grid; the same value as extensionUuid. */
  id: idSchema,
  extensionUuid: idSchema,
  /** The extension number. */
  extension: z.string(),
  /** SIP/verto context (the tenant's domain name). */
  userContext: z.string(),
  /** Display name. */
  effectiveCallerIdName: z.string(),
  /** Outbound caller number, one of the tenant's gateways, or ''. */
  outboundCallerIdNumber: z.string(),
  /** 'true' = 利用 (in use), 'false' = 停止 (stopped). */
  enabled: flagSchema,
  /** 'true' = 拒否 (reject calls), 'false' = 着信 (accept). */
  doNotDisturb: flagSchema,
  /** Forward-all destination, or ''. */
  forwardAllDestination: z.string(),
  /** Live call state (RINGING, ACTIVE, EARLY, DOWN, …), when known. */
  state: z.string().nullish(),
  /** Name of the party on the current call, when known. */
  callerName: z.string().nullish(),
});
export type Extension = z.infer<typeof extensionSchema>;

/** POST /v1/extension: the edit dialog's fields; extension and display name are read-only there. */
export const extensionSaveRequestSchema = z.object({
  extensionUuid: idSchema,
  outboundCallerIdNumber: z.string().max(32).default(''),
  enabled: z.string().max(5),
  doNotDisturb: z.string().max(5),
  forwardAllDestination: z.string().max(32).default(''),
});
export type ExtensionSaveRequest = z.infer<typeof extensionSaveRequestSchema>;

/** Creating an extension (CP/SP only); the server generates the SIP password. */
export const extensionCreateRequestSchema = z.object({
  extension: z.string().max(16),
  effectiveCallerIdName: z.string().max(200),
});
export type ExtensionCreateRequest = z.infer<typeof extensionCreateRequestSchema>;

export const extensionMessages = {
  numberMissing: '内線番号を入力してください。',
  numberFormat: '内線番号は1000 ~ 9999の4桁の数字で入力してください。',
  numberPark: '5901 ~ 5908はパーク用の番号のため使用できません。',
  numberTaken: reasons.extensionNumberTaken,
  nameMissing: '表示名を入力してください。',
  nameTooLong: `表示名は${DISPLAY_NAME_MAX_LENGTH}文字以内で入力してください。`,
  callerNumber: '発信者番号を確認してください。',
  enabled: 'ステータスを選択してください。',
  doNotDisturb: '着信拒否を選択してください。',
  forward: '転送先を確認してください。（数字・#・*・空白で3 ~ 12文字）',
} as const;

/** First failing create rule, or null. `usedNumbers`: every number the tenant already uses (any kind). */
export function extensionCreateError(
  input: ExtensionCreateRequest,
  usedNumbers: readonly string[],
): string | null {
  const number = input.extension.trim();
  if (number === '') return extensionMessages.numberMissing;
  if (!/^\d{4}$/.test(number) || Number(number) < EXTENSION_NUMBER_RANGE.min) {
    return extensionMessages.numberFormat;
  }
  if (Number(number) >= PARK_NUMBER_RANGE.min && Number(number) <= PARK_NUMBER_RANGE.max) {
    return extensionMessages.numberPark;
  }
  if (usedNumbers.includes(number)) return extensionMessages.numberTaken;
  const name = input.effectiveCallerIdName.trim();
  if (name === '') return extensionMessages.nameMissing;
  if ([...name].length > DISPLAY_NAME_MAX_LENGTH) return extensionMessages.nameTooLong;
  return null;
}

/** First failing edit rule, or null. `gateways`: the tenant's gateway numbers (gwList[].gateway). */
export function extensionSaveError(input: ExtensionSaveRequest, gateways: readonly string[]): string | null {
  if (input.outboundCallerIdNumber !== '' && !gateways.includes(input.outboundCallerIdNumber)) {
    return extensionMessages.callerNumber;
  }
  if (!isFlag(input.enabled)) return extensionMessages.enabled;
  if (!isFlag(input.doNotDisturb)) return extensionMessages.doNotDisturb;
  if (!isBlank(input.forwardAllDestination) && !isTransferNumber(input.forwardAllDestination)) {
    return extensionMessages.forward;
  }
  return null;
}

function isFlag(value: string): value is Flag {
  return value === 'true' || value === 'false';
}

/** Do-not-disturb label: 'true' = 拒否 (reject), anything else 着信 (accept). */
export function doNotDisturbLabel(value: string | null | undefined): string {
  return value === 'true' ? '拒否' : '着信';
}

/** Options of the do-not-disturb select. */
export const DO_NOT_DISTURB_OPTIONS: readonly { value: Flag; label: string }[] = [
  { value: 'true', label: '拒否' },
  { value: 'false', label: '着信' },
];

/** Extension select options sorted by number, labelled '{extension} [{display name}]'. */
export function extensionOptions(
  extensions: readonly { extension: string; effectiveCallerIdName: string | null }[],
): { value: string; label: string }[] {
  return [...extensions]
    .sort((a, b) => compareNumbers(a.extension, b.extension))
    .map((e) => ({ value: e.extension, label: numberLabel(e.extension, e.effectiveCallerIdName, '内線') }));
}
