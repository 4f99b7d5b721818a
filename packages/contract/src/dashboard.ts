import { z } from 'zod';
import { USER_STATUSES, type UserStatus } from './user-status';

/**
 * The dashboard (/dashboard): today in the tenant's time zone, from 00:00 to now, counted from the
 * call model like every other screen (one row per call, "missed" as calls.ts defines it).
 */

const counts = z.object(
  Object.fromEntries(USER_STATUSES.map((s) => [s, z.number()])) as Record<UserStatus, z.ZodNumber>,
);

export const dashboardSchema = z.object({
  timeZone: z.string(),
  /** Today in the tenant's zone ('YYYY-MM-DD'): the call history's period for every figure's link. */
  date: z.string(),
  /** Today's start and now (ISO 8601). */
  from: z.string(),
  to: z.string(),
  /** The user's own calls today. */
  mine: z.object({
    /** Outside calls the user answered. */
    answered: z.number(),
    /** Calls the user placed to outside numbers. */
    placed: z.number(),
    /** Outside calls that rang the user's phone and nobody answered. */
    missed: z.number(),
  }),
  /** The tenant today: for administrators and users allowed an analysis, else null. */
  tenant: z
    .object({
      incoming: z.number(),
      answered: z.number(),
      missed: z.number(),
      /** answered ÷ incoming; null without incoming calls. */
      answerRate: z.number().nullable(),
      /** Extensions on a call now. */
      talking: z.number(),
      /** Occupied park slots now. */
      parked: z.number(),
      /** How many users are in each status now. */
      statuses: counts,
      /** Incoming calls per local hour (0–23): today, and the same weekday a week before. */
      hourly: z.object({
        today: z.array(z.number()),
        lastWeek: z.array(z.number()),
        lastWeekDate: z.string(),
      }),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Plain-Japanese definitions for the figures' tooltips. */
export const DASHBOARD_DEFINITIONS = {
  mineAnswered: '今日あなたが応答した外線着信の件数です。',
  minePlaced: '今日あなたが外線へ発信した件数です。',
  mineMissed: '今日あなたの電話を鳴らし、誰も応答しなかった外線着信の件数です。',
  incoming: '今日テナントが受けた外線着信の件数です(1通話を1件と数えます)。',
  answered: '着信のうち、誰かが応答した件数です。',
  missed: '着信のうち、誰も応答しなかった件数です(IVR放棄・留守番電話・時間外・話中を含みます)。',
  answerRate: '応答率 = 応答件数 ÷ 着信件数。',
  talking: '今、通話している内線の数です。',
  parked: '今、駐車(パーク)されている通話の数です。',
  hourly: '時間帯ごとの外線着信件数です。先週の同じ曜日と比べて表示します。',
} as const;

/** answered ÷ incoming, null without incoming calls: the one answer rate of every screen. */
export function answerRate(answered: number, incoming: number): number | null {
  return incoming > 0 ? answered / incoming : null;
}
