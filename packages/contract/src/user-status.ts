import { z } from 'zod';

/**
 * A user's working status (issue 21): chosen by the user from the header or the presence tab, except
 * 通話中 and ログアウト, which the system sets from calls and sign-ins. Every change is kept, for the
 * status analysis.
 */

/** What a user may choose. */
export const CHOSEN_USER_STATUSES = ['available', 'away', 'break', 'meeting', 'wrapUp'] as const;
/** Every status, the system's included. */
export const USER_STATUSES = [...CHOSEN_USER_STATUSES, 'onCall', 'signedOut'] as const;

export type ChosenUserStatus = (typeof CHOSEN_USER_STATUSES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  available: '在席',
  away: '離席',
  break: '休憩',
  meeting: '会議中',
  wrapUp: '後処理',
  onCall: '通話中',
  signedOut: 'ログアウト',
};

/** Plain-Japanese definitions for tooltips (the status analysis uses them too). */
export const USER_STATUS_HINTS: Record<UserStatus, string> = {
  available: '電話を受けられる状態です。',
  away: '席を外していて、電話を受けられない状態です。',
  break: '休憩中です。',
  meeting: '会議中で、電話を受けられない状態です。',
  wrapUp: '通話後の記録や整理をしている状態です(後処理)。',
  onCall: '通話している間、システムが自動で設定します。',
  signedOut: 'コンソールにサインインしていない間、システムが自動で設定します。',
};

export const chosenUserStatusSchema = z.enum(CHOSEN_USER_STATUSES, {
  error: 'ステータスを選択してください。',
});
export const userStatusSchema = z.enum(USER_STATUSES);

/** One user's status now, as GET /v1/user/status and /topic/userStatus carry it. */
export const userStatusEntrySchema = z.object({
  userUuid: z.uuid(),
  status: userStatusSchema,
  /** When the status began (ISO 8601). */
  since: z.string(),
});
export type UserStatusEntry = z.infer<typeof userStatusEntrySchema>;

export const setUserStatusSchema = z.object({ status: chosenUserStatusSchema });

/** The tenant's status setting: after-call work (後処理) for this many seconds after each call; 0 = off. */
export const WRAP_UP_MAX_SECONDS = 600;
export const statusSettingSchema = z.object({
  wrapUpSeconds: z
    .number({ error: '後処理の秒数を入力してください。' })
    .int({ error: '後処理の秒数は整数で入力してください。' })
    .min(0, { error: '後処理の秒数は0以上で入力してください。' })
    .max(WRAP_UP_MAX_SECONDS, { error: `後処理の秒数は${WRAP_UP_MAX_SECONDS}以下で入力してください。` }),
});
export type StatusSetting = z.infer<typeof statusSettingSchema>;

/**
 * What a colleague's status shows now: not signed in is ログアウト and a call in progress is 通話中
 * whatever was stored (the live facts win over a status a missed event left behind).
 */
export function shownStatus(
  stored: UserStatus | undefined,
  facts: { signedIn: boolean; onCall: boolean },
): UserStatus {
  if (!facts.signedIn) return 'signedOut';
  if (facts.onCall) return 'onCall';
  if (!stored || stored === 'signedOut' || stored === 'onCall') return 'available';
  return stored;
}

/** Channel states in which the extension's user is talking (a held call is still a call). */
const TALKING_STATES: ReadonlySet<string> = new Set(['ACTIVE', 'HELD']);

/** The extensions whose user is on a call now: 通話中 (a parked channel is nobody's call). */
export function extensionsOnCall(
  channels: readonly { extension: string; application: string; callstate: string }[],
): Set<string> {
  return new Set(
    channels
      .filter((c) => c.application !== 'valet_park' && TALKING_STATES.has(c.callstate))
      .map((c) => c.extension),
  );
}
