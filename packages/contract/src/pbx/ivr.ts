import { z } from 'zod';
import { reasons } from '../reasons';
import { flagSchema, idSchema, isBlank } from './shared';

/** The digits a caller can press in an IVR menu; each may be used once per menu. */
export const IVR_DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '#', '*'] as const;
export const ivrDigitSchema = z.enum(IVR_DIGITS);
export type IvrDigit = z.infer<typeof ivrDigitSchema>;

/** The digit select ('Number 0' … 'Number *' in the spec). */
export const IVR_DIGIT_OPTIONS: readonly { value: IvrDigit; label: string }[] = IVR_DIGITS.map((digit) => ({
  value: digit,
  label: `番号 ${digit}`,
}));

/** An IVR option as stored (spec 3 "IVR option"). */
export const ivrOptionSchema = z.object({
  ivrMenuOptionUuid: idSchema,
  domainUuid: idSchema,
  ivrMenuOptionDigits: ivrDigitSchema,
  /** A destination choice value, e.g. 'transfer 1001 XML example.com'. */
  ivrMenuOptionParam: z.string(),
});
export type IvrOption = z.infer<typeof ivrOptionSchema>;

/** An IVR menu as listed (spec 3 "IVR menu"). */
export const ivrMenuSchema = z.object({
  /** Row key of the grid; the same value as ivrMenuUuid. */
  id: idSchema,
  ivrMenuUuid: idSchema,
  domainUuid: idSchema,
  ivrMenuName: z.string(),
  /** Announcement recording filename. */
  ivrMenuGreetLong: z.string(),
  /** Memo. */
  ivrMenuDescription: z.string().nullable(),
  ivrMenuEnabled: flagSchema,
  /** The number that reaches the menu. */
  ivrMenuExtension: z.string(),
  ivrMenuOptions: z.array(ivrOptionSchema),
});
export type IvrMenu = z.infer<typeof ivrMenuSchema>;

/** An option as the save payload carries it; digit and destination may still be empty (the rules say so). */
export const ivrOptionInputSchema = z.object({
  ivrMenuOptionUuid: idSchema.nullish(),
  domainUuid: idSchema.optional(),
  ivrMenuOptionDigits: z.string().max(1),
  ivrMenuOptionParam: z.string().max(255),
});
export type IvrOptionInput = z.infer<typeof ivrOptionInputSchema>;

/** POST /v1/ivr; ivrMenuUuid absent or null creates a menu (its number is assigned by the server). */
export const ivrSaveRequestSchema = z.object({
  ivrMenuUuid: idSchema.nullish(),
  domainUuid: idSchema.optional(),
  ivrMenuName: z.string().max(100),
  ivrMenuGreetLong: z.string().max(255),
  ivrMenuDescription: z.string().max(500).nullish(),
  ivrMenuEnabled: flagSchema.default('true'),
  ivrMenuOptions: z.array(ivrOptionInputSchema).max(100).default([]),
});
export type IvrSaveRequest = z.infer<typeof ivrSaveRequestSchema>;

/**
 * The duplicate-digit message keeps the spec's line break as '\n' rather than '<br>': React escapes
 * markup, so a '<br>' would show literally; render it with `white-space: pre-line`.
 */
export const ivrMessages = {
  nameMissing: 'IVR名を入力してください。',
  announcementMissing: 'アナウンスを選択してください。',
  destinationMissing: '転送先を選択してください。',
  digitMissing: '番号を選択してください。',
  digitTaken: reasons.ivrDigitTaken,
} as const;

/** What the server knows about the tenant; the checks that need it are skipped when it is absent. */
export interface IvrSaveContext {
  /** Allowed option params: the values of ivrDestinations(). */
  destinations: readonly string[];
  /** The tenant's recording filenames. */
  recordingFilenames: readonly string[];
}

/** True when the text is one of the IVR digits. */
export function isIvrDigit(text: string): text is IvrDigit {
  return (IVR_DIGITS as readonly string[]).includes(text);
}

function isKnownDestination(param: string, context: IvrSaveContext | undefined): boolean {
  return !isBlank(param) && (!context || context.destinations.includes(param));
}

/**
 * First failing IVR save rule, or null. Each option check runs over all rows before the next check,
 * following the spec's table order: name, announcement, destinations, digits, duplicate digits.
 */
export function ivrSaveError(menu: IvrSaveRequest, context?: IvrSaveContext): string | null {
  if (isBlank(menu.ivrMenuName)) return ivrMessages.nameMissing;
  if (isBlank(menu.ivrMenuGreetLong)) return ivrMessages.announcementMissing;
  if (context && !context.recordingFilenames.includes(menu.ivrMenuGreetLong)) {
    return ivrMessages.announcementMissing;
  }
  const options = menu.ivrMenuOptions;
  if (options.some((o) => !isKnownDestination(o.ivrMenuOptionParam, context))) {
    return ivrMessages.destinationMissing;
  }
  if (options.some((o) => !isIvrDigit(o.ivrMenuOptionDigits))) return ivrMessages.digitMissing;
  const digits = options.map((o) => o.ivrMenuOptionDigits);
  if (new Set(digits).size !== digits.length) return ivrMessages.digitTaken;
  return null;
}

/** First failing rule of the 'Menu registration' dialog, or null: digit, destination, then a free digit. */
export function ivrOptionAddError(
  option: Pick<IvrOptionInput, 'ivrMenuOptionDigits' | 'ivrMenuOptionParam'>,
  existing: readonly Pick<IvrOptionInput, 'ivrMenuOptionDigits'>[],
  context?: IvrSaveContext,
): string | null {
  if (!isIvrDigit(option.ivrMenuOptionDigits)) return ivrMessages.digitMissing;
  if (!isKnownDestination(option.ivrMenuOptionParam, context)) return ivrMessages.destinationMissing;
  if (existing.some((o) => o.ivrMenuOptionDigits === option.ivrMenuOptionDigits)) {
    return ivrMessages.digitTaken;
  }
  return null;
}
