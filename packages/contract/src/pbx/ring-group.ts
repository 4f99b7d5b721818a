import { z } from 'zod';
import { reasons } from '../reasons';
import { isTransferNumber } from './dial';
import { flagSchema, idSchema, isBlank, isDigitsIn, isEmail } from './shared';

/** Ring group numbers (spec 9). */
export const RING_GROUP_NUMBER_RANGE = { min: 300, max: 399 } as const;
/** Ring seconds: 5–180, default 30 (spec 9). */
export const RING_SECONDS_RANGE = { min: 5, max: 180 } as const;
export const RING_SECONDS_DEFAULT = 30;

export const ringGroupStrategySchema = z.enum(['enterprise', 'random', 'rollover']);
export type RingGroupStrategy = z.infer<typeof ringGroupStrategySchema>;

/** The strategy select, with a plain-Japanese help text on how each treats web phones. */
export const RING_GROUP_STRATEGIES: readonly { value: RingGroupStrategy; label: string; help: string }[] = [
  {
    value: 'enterprise',
    label: '一斉呼出',
    help: 'すべての内線を同時に呼び出します。Webフォンも呼び出されます。',
  },
  {
    value: 'random',
    label: 'ランダム',
    help: '内線の中からランダムに1台だけを呼び出します。Webフォンは呼び出されません。',
  },
  {
    value: 'rollover',
    label: '内線順',
    help: '内線番号の小さい順に1台ずつ呼び出します。Webフォンも順番に呼び出されます。',
  },
];

export const ringGroupTimeoutAppSchema = z.enum(['hangup', 'lua', 'transfer']);
export type RingGroupTimeoutApp = z.infer<typeof ringGroupTimeoutAppSchema>;

/** The no-answer action radio (spec 4): hang up, play an announcement, transfer. */
export const RING_GROUP_TIMEOUT_APPS: readonly { value: RingGroupTimeoutApp; label: string }[] = [
  { value: 'hangup', label: '切断' },
  { value: 'lua', label: 'アナウンス' },
  { value: 'transfer', label: '転送' },
];

/** A member extension and how long it rings. */
export const ringGroupDestinationSchema = z.object({
  destinationNumber: z.string(),
  destinationTimeout: z.number().int(),
});
export type RingGroupDestination = z.infer<typeof ringGroupDestinationSchema>;

/** A ring group as stored and listed (spec 3 "Ring group"). */
export const ringGroupSchema = z.object({
  ringGroupUuid: idSchema,
  domainUuid: idSchema,
  /** The tenant's domain name. */
  ringGroupContext: z.string(),
  ringGroupName: z.string(),
  /** The group number (300–399). */
  ringGroupExtension: z.string(),
  /** Pre-announcement recording filename, or '' when not used. */
  ringGroupGreeting: z.string(),
  ringGroupStrategy: ringGroupStrategySchema,
  ringGroupEnabled: flagSchema,
  ringGroupTimeoutApp: ringGroupTimeoutAppSchema,
  /** 'streamfile.lua <file>' for lua, '<number> XML <domainName>' for transfer, otherwise null. */
  ringGroupTimeoutData: z.string().nullable(),
  /** 'email' when ringGroupMissedCallData is set, otherwise null. */
  ringGroupMissedCallApp: z.literal('email').nullable(),
  /** Absence mail address. */
  ringGroupMissedCallData: z.string().nullable(),
  destinations: z.array(ringGroupDestinationSchema),
});
export type RingGroup = z.infer<typeof ringGroupSchema>;

/**
 * The registration form, which is also the POST /v1/ringGroup payload: the server derives the stored
 * fields from it with `ringGroupFromForm` (any derived fields sent along are stripped, never trusted).
 */
export const ringGroupFormSchema = z.object({
  /** Absent or null when creating. */
  ringGroupUuid: idSchema.nullish(),
  ringGroupExtension: z.string().max(16),
  ringGroupName: z.string().max(100),
  ringGroupGreeting: z.string().max(255).default(''),
  /** Ring seconds; null while the input is empty. */
  destinationTimeout: z.number().nullable().default(null),
  ringGroupStrategy: ringGroupStrategySchema,
  ringGroupEnabled: flagSchema.default('true'),
  ringGroupMissedCallData: z.string().max(255).default(''),
  ringGroupTimeoutApp: ringGroupTimeoutAppSchema,
  /** Announcement for the lua action. */
  ringGroupTimeoutDataFile: z.string().max(255).default(''),
  /** Destination for the transfer action. */
  ringGroupTimeoutDataTransfer: z.string().max(32).default(''),
  /** Member extension numbers. */
  destList: z.array(z.string().max(16)).max(500).default([]),
});
export type RingGroupForm = z.infer<typeof ringGroupFormSchema>;
export const ringGroupSaveRequestSchema = ringGroupFormSchema;
export type RingGroupSaveRequest = RingGroupForm;

export const ringGroupMessages = {
  numberMissing: 'グループ番号を確認してください。',
  numberRange: 'グループ番号は300 ~ 399番までです。',
  nameMissing: 'グループ名を確認してください',
  secondsMissing: '呼び出し時間（秒）を確認してください',
  secondsRange: '呼び出し時間（秒）は5 ~ 180秒までです。',
  announcementMissing: '不在時アクションのアナウンスを選択してください。',
  transferMissing: '不在時アクションの転送番号を確認してください。',
  numberTaken: reasons.ringGroupNumberTaken,
  greetingUnknown: 'アナウンスを確認してください。',
  memberUnknown: '内線番号を確認してください。',
  /** The same wording as the schedule's absence mail. */
  mailInvalid: 'メールアドレスを確認してください。',
} as const;

/** What the server knows about the tenant; the checks that need it are skipped when it is absent. */
export interface RingGroupSaveContext {
  /** Numbers taken by the tenant's other objects (extensions, IVRs, other ring groups). */
  usedNumbers: readonly string[];
  /** The tenant's extension numbers, the only allowed members. */
  extensions: readonly string[];
  /** The tenant's recording filenames. */
  recordingFilenames: readonly string[];
}

/** First failing ring group rule, or null: the spec's seven checks in order, then the tenant checks. */
export function ringGroupSaveError(form: RingGroupForm, context?: RingGroupSaveContext): string | null {
  const number = form.ringGroupExtension.trim();
  if (number === '') return ringGroupMessages.numberMissing;
  // Exactly three digits, so '0300' is refused rather than read as 300.
  if (!/^\d{3}$/.test(number) || !isDigitsIn(number, RING_GROUP_NUMBER_RANGE)) {
    return ringGroupMessages.numberRange;
  }
  if (isBlank(form.ringGroupName)) return ringGroupMessages.nameMissing;
  const seconds = form.destinationTimeout;
  if (seconds === null || Number.isNaN(seconds)) return ringGroupMessages.secondsMissing;
  if (!Number.isInteger(seconds) || seconds < RING_SECONDS_RANGE.min || seconds > RING_SECONDS_RANGE.max) {
    return ringGroupMessages.secondsRange;
  }
  const file = form.ringGroupTimeoutDataFile.trim();
  if (
    form.ringGroupTimeoutApp === 'lua' &&
    (file === '' || (context && !context.recordingFilenames.includes(file)))
  ) {
    return ringGroupMessages.announcementMissing;
  }
  // The number ends up in '<number> XML <domain>', so only the number-input characters may pass.
  if (
    form.ringGroupTimeoutApp === 'transfer' &&
    !isTransferNumber(form.ringGroupTimeoutDataTransfer.trim())
  ) {
    return ringGroupMessages.transferMissing;
  }
  const mail = form.ringGroupMissedCallData.trim();
  if (mail !== '' && !isEmail(mail)) return ringGroupMessages.mailInvalid;
  if (!context) return null;
  if (context.usedNumbers.includes(number)) return ringGroupMessages.numberTaken;
  if (form.ringGroupGreeting !== '' && !context.recordingFilenames.includes(form.ringGroupGreeting)) {
    return ringGroupMessages.greetingUnknown;
  }
  if (form.destList.some((member) => !context.extensions.includes(member))) {
    return ringGroupMessages.memberUnknown;
  }
  return null;
}
