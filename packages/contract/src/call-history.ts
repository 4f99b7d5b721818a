import { z } from 'zod';
import { callKindSchema, callResultSchema } from './calls';
import { pageQuerySchema, pageSchema } from './paging';

/** The tenant's call history (/cust/cdr): one row per call, server-side filters, sort and paging. */

export const CALL_SORT_FIELDS = ['startStamp', 'ringSeconds', 'talkSeconds'] as const;
/** The period searched when none is given. */
export const CALL_HISTORY_DEFAULT_DAYS = 30;
/** The longest period one search covers. */
export const CALL_HISTORY_MAX_DAYS = 366;

const instant = z.iso.datetime({ offset: true, error: '日時の形式が正しくありません。' });

/** Body of POST /v1/cdr/search (and its export): paging plus the filters. */
export const callSearchSchema = pageQuerySchema(CALL_SORT_FIELDS, 'startStamp,desc', {
  domainUuid: z.uuid().optional(),
  /** From this instant on (inclusive); default: CALL_HISTORY_DEFAULT_DAYS before `to`. */
  from: instant.optional(),
  /** Before this instant (exclusive); default: now. */
  to: instant.optional(),
  kind: callKindSchema.optional(),
  result: callResultSchema.optional(),
  /** Only missed incoming calls (isMissedCall), whatever their result. */
  missed: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** The user who answered or placed the call. */
  userUuid: z.uuid().optional(),
  /** The extension that answered or placed the call. */
  extension: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, '内線番号は数字で入力してください。')
    .optional(),
  /** An outside, incoming or extension number (any format; matched by its key). */
  number: z.string().trim().max(40).optional(),
  /** Part of the customer's name or furigana: calls with any number of the customers it matches. */
  customer: z.string().trim().max(100).optional(),
});
export type CallSearch = z.input<typeof callSearchSchema>;

export const callMessages = {
  periodInvalid: '期間の指定が正しくありません。',
  periodTooLong: `検索できる期間は${CALL_HISTORY_MAX_DAYS}日までです。`,
  numberInvalid: '電話番号は数字で入力してください。',
} as const;

/** One call as the history lists it. */
export const callItemSchema = z.object({
  callUuid: z.string(),
  /** ISO 8601. */
  startStamp: z.string(),
  kind: callKindSchema,
  /** The outside party's number (null for internal calls). */
  outsideNumber: z.string().nullable(),
  customerUuid: z.string().nullable(),
  /** The customer's name, or '未登録' ('' for internal calls). */
  customerName: z.string(),
  incomingNumber: z.string().nullable(),
  /** Who answered or placed it: extension number and name ('' when nobody). */
  agentExtension: z.string().nullable(),
  agentName: z.string(),
  /** For internal calls: the extension called. */
  calleeNumber: z.string().nullable(),
  ringSeconds: z.number(),
  talkSeconds: z.number(),
  result: callResultSchema,
});
export type CallItem = z.infer<typeof callItemSchema>;
export const callPageSchema = pageSchema(callItemSchema);
