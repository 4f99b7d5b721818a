import { z } from 'zod';

/** The client actions whose outcome is logged (spec 7 "processName values"). */
export const PROCESS_NAMES = [
  'LogController-newCall',
  'LogController-hangupCall',
  'LogController-answerCall',
  'LogController-holdCall',
  'LogController-transferCall',
  'LogController-parkCall',
  'LogController-bellChange',
  'LogController-logout',
] as const;
export type ProcessName = (typeof PROCESS_NAMES)[number];

/** Query of GET /v1/log/success and /v1/log/failure. */
export const actionLogQuerySchema = z.object({
  process: z.enum(PROCESS_NAMES, { error: '記録できない処理名です。' }),
});
