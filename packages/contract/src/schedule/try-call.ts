/**
 * 「この番号に今かけたら?」 (issue 17): what an outside call would do at a local date and time, through
 * which rule. The server computes it from the routing model; the screen shows these steps in Japanese.
 */
import { z } from 'zod';
import { reasons } from '../reasons';
import { idSchema } from '../pbx/shared';
import { DAY_MS, formatDate, parseDate, parseTime } from './calendar';
import { scheduleMessages } from './messages';
import { actionTypeSchema, timeConditionTypeSchema } from './schema';
import { zoneClock } from './zone';

export const tryCallMessages = {
  /** Neither or both of an incoming number and a schedule. */
  target: '着信番号か営業時間のどちらかを選択してください。',
  /** A date that is not 'YYYY-MM-DD'. */
  date: scheduleMessages.date,
  /** A time that is not 'HH:mm' or 'HH:mm:ss'. */
  time: '時刻を確認してください。',
  /** The incoming number or schedule is not the tenant's. */
  notFound: reasons.tryCallTargetNotFound,
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Seconds since local midnight of 'HH:mm' or 'HH:mm:ss', or null. */
export function parseTimeWithSeconds(text: string): number | null {
  const match = TIME.exec(text);
  if (!match || parseTime(`${match[1]}:${match[2]}`) === null) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** The question: a local date and time in the tenant's zone, and one incoming number or one schedule. */
export const tryCallQuerySchema = z
  .object({
    /** 'YYYY-MM-DD' in the tenant's time zone. */
    date: z.string().refine((d) => parseDate(d) !== null, tryCallMessages.date),
    /** 'HH:mm' or 'HH:mm:ss' in the tenant's time zone. */
    time: z.string().refine((t) => parseTimeWithSeconds(t) !== null, tryCallMessages.time),
    /** The incoming number called (destinationNumber). */
    destinationNumber: z.string().max(32).optional(),
    /** Or the schedule the call is put to. */
    dialplanUuid: idSchema.optional(),
  })
  .refine((q) => (q.destinationNumber ? 1 : 0) + (q.dialplanUuid ? 1 : 0) === 1, {
    message: tryCallMessages.target,
  });
export type TryCallQuery = z.infer<typeof tryCallQuerySchema>;

/** Why a call ends without reaching anyone (the routing model's reasons). */
export const HANGUP_REASON_LABELS = {
  'invalid-input': '番号の形式が正しくないため切断',
  'unknown-number': '宛先の番号がないため切断',
  disabled: '宛先が停止中のため切断',
  'speed-dial-unset': '短縮ダイヤルが未設定のため切断',
  'park-slot-unknown': 'パーク番号がないため切断',
  'do-not-disturb': '宛先が応答不可のため話中',
  'self-call': '自分自身への発信のため話中',
  'no-answer': '応答なしで終了',
  'no-gateway': '外線の回線がないため切断',
  'schedule-missing': '営業時間が設定されていないため切断',
  'no-condition': '当てはまる条件がないため切断',
  'schedule-hangup': '切断',
  'announcement-missing': 'アナウンスが未設定のため切断',
  'ivr-exit': '入力がないため切断',
  loop: '転送が循環しているため切断',
  'too-deep': '転送が多すぎるため切断',
} as const;
export type HangupReasonName = keyof typeof HANGUP_REASON_LABELS;

/** One thing the call does, in order. */
export const tryCallStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transfer'), number: z.string() }),
  z.object({ kind: z.literal('ringExtension'), number: z.string(), name: z.string() }),
  z.object({
    kind: z.literal('ringGroup'),
    number: z.string(),
    name: z.string(),
    members: z.array(z.string()),
  }),
  /** What follows when nobody answers. */
  z.object({ kind: z.literal('noAnswer') }),
  z.object({ kind: z.literal('ivr'), number: z.string(), name: z.string() }),
  z.object({ kind: z.literal('announce'), file: z.string() }),
  z.object({ kind: z.literal('voicemail'), email: z.string().nullable() }),
  /** The rung extension's own voicemail box takes a message. */
  z.object({ kind: z.literal('mailbox'), number: z.string() }),
  z.object({ kind: z.literal('outbound'), number: z.string(), line: z.string() }),
  z.object({
    kind: z.literal('hangup'),
    reason: z.enum(Object.keys(HANGUP_REASON_LABELS) as [HangupReasonName, ...HangupReasonName[]]),
  }),
]);
export type TryCallStep = z.infer<typeof tryCallStepSchema>;

/** The answer: the instant asked about, the rule that applies (null when none does) and the steps. */
export const tryCallResultSchema = z.object({
  /** The instant (ISO 8601, UTC) the local date and time stand for. */
  at: z.string(),
  timeZone: z.string(),
  /** The schedule read (null when the incoming number has none). */
  dialplanName: z.string().nullable(),
  rule: z
    .object({
      name: z.string(),
      type: timeConditionTypeSchema,
      /** The priority (timeConditionOrder); null for the default. */
      order: z.number().int().nullable(),
      actionType: actionTypeSchema,
      /** The holiday's or closed day's name when a holiday rule applies. */
      holiday: z.string().nullable(),
    })
    .nullable(),
  steps: z.array(tryCallStepSchema),
});
export type TryCallResult = z.infer<typeof tryCallResultSchema>;

/** A step in Japanese, e.g. 「グループ 300（営業部）を呼び出し: 1000・1001」. */
export function tryCallStepText(step: TryCallStep): string {
  switch (step.kind) {
    case 'transfer':
      return `${step.number} へ転送`;
    case 'ringExtension':
      return `内線 ${withName(step.number, step.name)} を呼び出し`;
    case 'ringGroup':
      return `グループ ${withName(step.number, step.name)} を呼び出し${step.members.length ? `: ${step.members.join('・')}` : ''}`;
    case 'noAnswer':
      return '応答がなければ';
    case 'ivr':
      return `IVR ${withName(step.number, step.name)} で案内`;
    case 'announce':
      return `アナウンス「${step.file}」を再生して切断`;
    case 'voicemail':
      return step.email ? `留守番電話を録音（${step.email} へメール）` : '留守番電話を録音';
    case 'mailbox':
      return `内線 ${step.number} の留守番電話でメッセージを録音`;
    case 'outbound':
      return `外線 ${step.number} へ発信（回線 ${step.line}）`;
    case 'hangup':
      return HANGUP_REASON_LABELS[step.reason];
  }
}

function withName(number: string, name: string): string {
  return name ? `${number}（${name}）` : number;
}

/** A local date and time of the zone: its instant (epoch ms) and its day count, or null when unreadable. */
export function localMoment(
  date: string,
  time: string,
  timeZone: string,
): { instant: number; day: number } | null {
  const day = parseDate(date);
  const seconds = parseTimeWithSeconds(time);
  if (day === null || seconds === null) return null;
  return { instant: zoneClock(timeZone).instantOf(day * DAY_MS + seconds * 1000), day };
}

/** The zone's local date ('YYYY-MM-DD') and time ('HH:mm:ss') now: the question's default. */
export function localNow(timeZone: string, now: number = Date.now()): { date: string; time: string } {
  const wall = zoneClock(timeZone).wallOf(now);
  const day = Math.floor(wall / DAY_MS);
  const seconds = Math.floor((wall - day * DAY_MS) / 1000);
  const hms = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return { date: formatDate(day), time: hms.map((n) => String(n).padStart(2, '0')).join(':') };
}
