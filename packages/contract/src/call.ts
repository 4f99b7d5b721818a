import { z } from 'zod';

/** POST /v1/call/clickToCall: ring the caller's own extension, then dial `dest`. */
export const clickToCallSchema = z.object({
  extensionUuid: z.uuid(),
  /** The number to call; digits, '#', '*', '+' and spaces (spec 5 dialling rules apply). */
  dest: z
    .string()
    .trim()
    .min(1, '電話番号を入力してください。')
    .max(32, '電話番号が長すぎます。')
    .regex(/^[0-9#*+ ]+$/, '電話番号を確認してください。'),
});
export type ClickToCall = z.infer<typeof clickToCallSchema>;

/** The states that make an extension busy (spec 4 "Busy extensions"). */
export const BUSY_STATES = ['RINGING', 'ACTIVE', 'EARLY', 'DOWN'] as const;

/** One channel in GET /v1/call/callState (spec 3 "Call state entry"). */
export interface CallStateItem {
  uuid: string;
  extension: string;
  application: string;
  dest: string;
  cid_num: string;
  callee_num: string;
  sent_callee_num: string;
  direction: 'inbound' | 'outbound';
  callstate: string;
}

/** POST /v1/user/forceLogout: end every session of a user of one's tenant. */
export const forceLogoutSchema = z.object({ userUuid: z.uuid() });
