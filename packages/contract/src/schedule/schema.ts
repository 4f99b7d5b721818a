import { z } from 'zod';
import { flagSchema, idSchema, type Range } from '../pbx/shared';

/**
 * anti = the schedule's default; wtime = weekdays + time of day; mday = yearly dates; date-time = one-off
 * range; holiday = Japan's public holidays plus the tenant's own closed days (ours, issue 17).
 */
export const timeConditionTypeSchema = z.enum(['anti', 'wtime', 'mday', 'date-time', 'holiday']);
export type TimeConditionType = z.infer<typeof timeConditionTypeSchema>;
/** The types a user adds in the condition dialog (everything but the default). */
export type ConditionType = Exclude<TimeConditionType, 'anti'>;

/** What a matching condition does with the call. */
export const actionTypeSchema = z.enum(['action', 'announce', 'transfer', 'vmail', 'hangup']);
export type ActionType = z.infer<typeof actionTypeSchema>;

/** Allowed priorities besides 0 (spec 9): weekday-time conditions, then the date ones (holidays are dates). */
export const ORDER_RANGES: Record<ConditionType, Range> = {
  wtime: { min: 800, max: 899 },
  mday: { min: 500, max: 599 },
  'date-time': { min: 500, max: 599 },
  holiday: { min: 500, max: 599 },
};

/**
 * Priority stored on the default condition. It sits outside every range a user can pick, so it never
 * collides with one and sorts after all of them, as the fallback it is; evaluation ignores it.
 */
export const ANTI_ORDER = 999;

/** Spec 9 "Dialplan defaults". */
export const DIALPLAN_DEFAULTS = {
  dialplanOrder: 300,
  dialplanContinue: 'true',
  dialplanEnabled: 'true',
} as const;
export const DEFAULT_BUSINESS_HOURS = { from: '09:00', to: '17:00' } as const;

/** A tenant's own closed days per holiday condition. */
export const MAX_CLOSED_DAYS = 100;

/** One condition per allowed priority (0, 500–599, 800–899) plus the default. */
export const MAX_CONDITIONS = 1 + 100 + 100 + 1;

const text = (max: number) => z.string().max(max).default('');

/** A day the tenant is closed besides the public holidays (e.g. 創立記念日). */
export const closedDaySchema = z.object({
  /** What the day is called, e.g. '創立記念日'. */
  name: z.string().max(50),
  /** 'MM-DD' every year, or 'YYYY-MM-DD' once. */
  date: z.string().max(10),
});
export type ClosedDay = z.infer<typeof closedDaySchema>;

/** A time condition as stored (spec 3 "Time condition"). */
export const timeConditionSchema = z.object({
  /** Row id; absent until the server has stored the condition. */
  timeConditionUuid: idSchema.nullish(),
  /** Recording row linked to the condition, when any. */
  recordingUuid: idSchema.nullish(),
  /** The condition's name; 'anti' on the default. */
  timeConditionName: text(100),
  /** 'false' switches the condition off: it never applies. */
  timeConditionEnabled: flagSchema.default('true'),
  timeConditionType: timeConditionTypeSchema,
  /** mday: first day and last day, 'D-D' (e.g. '29-31'; 'D' alone means 'D-D'). */
  timeConditionMday: text(5),
  /**
   * mday: the month, '1'…'12', or the first and last month 'M-M' of a range across months; a range whose
   * end comes before its start crosses the new year ('12-1' with '29-3' = 12/29 – 1/3).
   */
  timeConditionMon: text(5),
  /** wtime: 'HH:mm-HH:mm', start inclusive, end exclusive; a start after the end runs past midnight. */
  timeConditionTimeOfDay: text(11),
  /** wtime weekday flags, timeCondition1 = Sunday … timeCondition7 = Saturday. */
  timeCondition1: flagSchema.default('false'),
  timeCondition2: flagSchema.default('false'),
  timeCondition3: flagSchema.default('false'),
  timeCondition4: flagSchema.default('false'),
  timeCondition5: flagSchema.default('false'),
  timeCondition6: flagSchema.default('false'),
  timeCondition7: flagSchema.default('false'),
  /** date-time: 'YYYY-MM-DD HH:mm:00~YYYY-MM-DD HH:mm:59', both ends inclusive. */
  timeConditionDateTime: text(41),
  /** holiday: the tenant's own closed days, on top of the public holidays. */
  timeConditionClosedDays: z.array(closedDaySchema).max(MAX_CLOSED_DAYS).default([]),
  /** Priority: 0, 500–599 (dates) or 800–899 (weekday time); the lowest applies first. */
  timeConditionOrder: z.number().int(),
  timeConditionActionType: actionTypeSchema.default('hangup'),
  /** action: an id (extension number) from the action option list. */
  timeConditionAction: text(64),
  /** transfer: the number to transfer to. */
  timeConditionTransfer: text(32),
  /** announce: a recording filename. */
  timeConditionAnnounce: text(255),
  /** Absence mail: where voicemail is sent. */
  timeConditionVoiceMail: text(254),
  /** Absence announcement: a recording filename. */
  timeConditionVoiceMailAnnounce: text(255),
  timeConditionVoiceMailId: z.number().int().default(0),
});
export type TimeCondition = z.infer<typeof timeConditionSchema>;

/** The seven weekday flag keys, Sunday first. */
export const WEEKDAY_KEYS = [
  'timeCondition1',
  'timeCondition2',
  'timeCondition3',
  'timeCondition4',
  'timeCondition5',
  'timeCondition6',
  'timeCondition7',
] as const satisfies readonly (keyof TimeCondition)[];
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** A business-hours schedule (spec 3 "Dialplan"). */
export const dialplanSchema = z.object({
  domainUuid: idSchema.nullish(),
  /** Row id; absent until the server has stored the schedule. */
  dialplanUuid: idSchema.nullish(),
  appUuid: idSchema.nullish(),
  /** The tenant's domain name. */
  dialplanContext: text(255),
  dialplanName: text(100),
  /** The number destinations route to ('<dialplanNumber> XML <context>'). */
  dialplanNumber: text(32),
  dialplanContinue: flagSchema.default(DIALPLAN_DEFAULTS.dialplanContinue),
  dialplanOrder: z.number().int().default(DIALPLAN_DEFAULTS.dialplanOrder),
  dialplanEnabled: flagSchema.default(DIALPLAN_DEFAULTS.dialplanEnabled),
  dialplanDescription: text(255),
  timeconditions: z.array(timeConditionSchema).max(MAX_CONDITIONS).default([]),
});
export type Dialplan = z.infer<typeof dialplanSchema>;

/** True for the schedule's default condition. */
export function isAnti(condition: TimeCondition): boolean {
  return condition.timeConditionType === 'anti';
}

/** The schedule's default condition, when it has one. */
export function antiOf(schedule: Dialplan): TimeCondition | undefined {
  return schedule.timeconditions.find(isAnti);
}

/** A new schedule with its default condition: name and type 'anti', hang up, voicemail id 0 (spec 4). */
export function newSchedule(
  name: string,
  domain: { domainUuid?: string | null; domainName: string },
): Dialplan {
  return dialplanSchema.parse({
    domainUuid: domain.domainUuid ?? null,
    dialplanContext: domain.domainName,
    dialplanName: name.trim(),
    timeconditions: [
      { timeConditionName: 'anti', timeConditionType: 'anti', timeConditionOrder: ANTI_ORDER },
    ],
  });
}

/**
 * A new condition of the dialog: hang up, business hours 09:00–17:00 for wtime, a holiday rule named
 * 祝日, and the lowest
 * priority of its range that the schedule's other conditions leave free.
 */
export function newCondition(type: ConditionType, others: readonly TimeCondition[] = []): TimeCondition {
  return timeConditionSchema.parse({
    timeConditionType: type,
    timeConditionName: type === 'holiday' ? '祝日' : '',
    timeConditionOrder: firstFreeOrder(type, others),
    timeConditionTimeOfDay:
      type === 'wtime' ? `${DEFAULT_BUSINESS_HOURS.from}-${DEFAULT_BUSINESS_HOURS.to}` : '',
  });
}

/** The lowest priority of the type's range not used by the others (the range's start when all are). */
export function firstFreeOrder(type: ConditionType, others: readonly TimeCondition[]): number {
  const { min, max } = ORDER_RANGES[type];
  const taken = new Set(others.map((c) => c.timeConditionOrder));
  for (let order = min; order <= max; order++) if (!taken.has(order)) return order;
  return min;
}
