import { z } from 'zod';
import { CALL_KINDS, CALL_RESULTS } from '../calls';
import { idSchema } from '../pbx/shared';
import { customerSchema, phoneNumberSchema } from './customer';

/** Call notes (応対メモ): what was said, on a call or about the customer alone. */

export const MAX_NOTE_LENGTH = 4000;

/** POST /v1/customer/note. */
export const noteSaveSchema = z
  .object({
    domainUuid: idSchema,
    /** The number the note is about (the caller's, or one of the customer's). */
    number: phoneNumberSchema,
    /** The customer, when the number is registered. */
    customerUuid: idSchema.nullable().default(null),
    /** The call the note is about (its id in the call history), or null for a note on the customer. */
    callUuid: z.string().trim().max(100).nullable().default(null),
    /** From the tenant's picklists (layout); '' for none. */
    category: z.string().trim().max(40).default(''),
    result: z.string().trim().max(40).default(''),
    body: z
      .string()
      .trim()
      .max(MAX_NOTE_LENGTH, `メモは${MAX_NOTE_LENGTH}文字以内で入力してください。`)
      .default(''),
  })
  .refine((note) => note.body !== '' || note.category !== '' || note.result !== '', {
    path: ['body'],
    message: 'メモを入力するか、分類か結果を選んでください。',
  });
export type NoteSave = z.input<typeof noteSaveSchema>;

export const noteSchema = z.object({
  noteUuid: z.string(),
  number: z.string(),
  customerUuid: z.string().nullable(),
  callUuid: z.string().nullable(),
  category: z.string(),
  result: z.string(),
  body: z.string(),
  /** Who wrote it (display name, else login ID). */
  authorName: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** A call of the tenant with one of the customer's numbers (one row per call, from the call model). */
export const timelineCallSchema = z.object({
  callUuid: z.string(),
  kind: z.enum(CALL_KINDS),
  result: z.enum(CALL_RESULTS),
  /** The outside number as dialled or presented. */
  number: z.string(),
  /** The tenant's number it came in on (inbound). */
  incomingNumber: z.string().nullable(),
  /** Who answered or placed it (display name, else extension), '' when nobody. */
  agentName: z.string(),
  ringSeconds: z.number(),
  talkSeconds: z.number(),
});
export type TimelineCall = z.infer<typeof timelineCallSchema>;

/** A recall item (折り返し) for one of the customer's numbers. */
export const timelineRecallSchema = z.object({
  recallUuid: z.string(),
  number: z.string(),
  reason: z.string(),
  state: z.enum(['open', 'done']),
  /** The user or group it is assigned to, '' when nobody. */
  assigneeName: z.string(),
  dueAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneByName: z.string(),
});
export type TimelineRecall = z.infer<typeof timelineRecallSchema>;

/** One entry of the record's timeline, newest first. */
export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('note'), at: z.string(), note: noteSchema }),
  z.object({ kind: z.literal('call'), at: z.string(), call: timelineCallSchema }),
  z.object({ kind: z.literal('recall'), at: z.string(), recall: timelineRecallSchema }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** How many timeline entries the record shows (the newest). */
export const TIMELINE_LIMIT = 200;

/**
 * GET /v1/customer/number/{domainUuid}/{number}: the customer with that number and their timeline, or
 * no customer (the registration form, with the number filled in) and the number's own timeline.
 */
export const customerLookupSchema = z.object({
  /** The number's key. */
  number: z.string(),
  customer: customerSchema.nullable(),
  timeline: z.array(timelineEntrySchema),
});
export type CustomerLookup = z.infer<typeof customerLookupSchema>;

/** What the incoming-call pop-up shows about a ringing number: the name and the layout's pop-up fields. */
export const callerCardSchema = z.object({
  number: z.string(),
  /** Null when the number is no customer's (the pop-up says 未登録). */
  name: z.string().nullable(),
  customerUuid: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type CallerCard = z.infer<typeof callerCardSchema>;
