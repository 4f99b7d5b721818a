import { z } from 'zod';
import { USER_STATUSES, userStatusSchema, type UserStatus } from '../user-status';
import { periodSchema } from './period';

/** POST /v1/analysis/status: a period, and one user for the day-by-day timeline. */
export const statusAnalysisRequestSchema = z.intersection(
  periodSchema,
  z.object({ userUuid: z.uuid().nullish(), domainUuid: z.uuid().optional() }),
);
export type StatusAnalysisRequest = z.infer<typeof statusAnalysisRequestSchema>;

/** Seconds in each status. */
export const statusSecondsSchema = z.object(
  Object.fromEntries(USER_STATUSES.map((s) => [s, z.number()])) as Record<UserStatus, z.ZodNumber>,
);
export type StatusSeconds = z.infer<typeof statusSecondsSchema>;

export const statusAnalysisRowSchema = z.object({
  userUuid: z.uuid(),
  userNm: z.string(),
  extension: z.string().nullable(),
  /** Time signed in to the console: every status but ログアウト. */
  signedInSeconds: z.number(),
  seconds: statusSecondsSchema,
  /** 稼働率 (0–1), null without signed-in time. */
  occupancy: z.number().nullable(),
});
export type StatusAnalysisRow = z.infer<typeof statusAnalysisRowSchema>;

/** One stretch of a status, within the period (ISO 8601 instants). */
export const statusSegmentSchema = z.object({ status: userStatusSchema, start: z.string(), end: z.string() });
export type StatusSegment = z.infer<typeof statusSegmentSchema>;

export const statusAnalysisSchema = z.object({
  timeZone: z.string(),
  rows: z.array(statusAnalysisRowSchema),
  /** The chosen user's statuses over the period, for the day-by-day timeline (empty without a user). */
  timeline: z.array(statusSegmentSchema),
});
export type StatusAnalysis = z.infer<typeof statusAnalysisSchema>;

/** 稼働率 as BIZTEL defines it: (talk time + after-call work) ÷ signed-in time. */
export function occupancy(seconds: StatusSeconds): number | null {
  const signedIn = signedInSeconds(seconds);
  return signedIn > 0 ? (seconds.onCall + seconds.wrapUp) / signedIn : null;
}

export function signedInSeconds(seconds: StatusSeconds): number {
  return USER_STATUSES.reduce((sum, s) => (s === 'signedOut' ? sum : sum + seconds[s]), 0);
}

/** Plain-Japanese definitions for the screen's tooltips. */
export const STATUS_ANALYSIS_DEFINITIONS = {
  signedIn: 'コンソールにサインインしていた時間です(ログアウト以外のすべてのステータスの合計)。',
  occupancy: '稼働率 = (通話時間 + 後処理時間) ÷ サインイン時間。BIZTEL と同じ定義です。',
  onCall: '通話中だった時間です(保留中を含みます)。',
} as const;
