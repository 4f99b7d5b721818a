import { z } from 'zod';
import { reasons } from './reasons';

/** What the user's own phone shows while it rings for a click-to-call (FreeSWITCH's 'Click To Call'). */
export const CLICK_TO_CALL_NAME = 'クリック発信';

/** POST /v1/call/clickToCall: ring the caller's own extension, then dial `dest`. */
export const clickToCallSchema = z.object({
  extensionUuid: z.uuid(),
  /** The number to call; digits, '#', '*', '+' and spaces (spec 5 dialling rules apply). */
  dest: z
    .string()
    .trim()
    .min(1, '電話番号を入力してください。')
    .max(32, '電話番号が長すぎます。')
    .regex(/^[0-9#*+ ]+$/, reasons.numberInvalid),
});
export type ClickToCall = z.infer<typeof clickToCallSchema>;

/** The states that make an extension busy (spec 4 "Busy extensions"). */
export const BUSY_STATES = ['RINGING', 'ACTIVE', 'EARLY', 'DOWN'] as const;

/** One channel in GET /v1/call/callState (spec 3 "Call state entry"). */
export const callStateItemSchema = z.object({
  uuid: z.string(),
  /** The tenant extension this channel belongs to. */
  extension: z.string(),
  /** What the channel is doing, e.g. 'bridge', 'valet_park', 'ivr'. */
  application: z.string(),
  /** Where the channel is going, e.g. 'park+5903' or '1002'. */
  dest: z.string(),
  cid_num: z.string(),
  callee_num: z.string(),
  sent_callee_num: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  callstate: z.string(),
});
export type CallStateItem = z.infer<typeof callStateItemSchema>;

/** POST /v1/user/forceLogout: end every session of a user of one's tenant. */
export const forceLogoutSchema = z.object({ userUuid: z.uuid() });

/** POST /v1/sandbox/call: a simulated outside caller dials an incoming number. */
export const sandboxCallSchema = z.object({
  /** The incoming number to dial. */
  to: z
    .string()
    .trim()
    .regex(/^\d{2,20}$/, '着信番号を確認してください。'),
  /** The caller's number as the tenant will see it. */
  from: z
    .string()
    .trim()
    .regex(/^(\d{2,20}|Anonymous)$/, '発信者番号を確認してください。'),
  /** Seconds after which the caller hangs up (it waits for the far end otherwise). */
  hangupAfter: z.number().int().min(1).max(3600).optional(),
});
export type SandboxCall = z.infer<typeof sandboxCallSchema>;
