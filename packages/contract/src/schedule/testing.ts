/**
 * Builders of conditions and schedules for the schedule tests of the contract and the server, the test
 * factories and the demo seed (not in the index).
 */
import {
  WEEKDAY_KEYS,
  dialplanSchema,
  newCondition,
  timeConditionSchema,
  type Dialplan,
  type TimeCondition,
  type WeekdayKey,
} from './schema';

type Overrides = Partial<TimeCondition>;

/** Weekday flags from Sunday-first indexes (0 = Sunday). */
export function days(...indexes: number[]): Record<WeekdayKey, 'true' | 'false'> {
  return Object.fromEntries(
    WEEKDAY_KEYS.map((key, i) => [key, indexes.includes(i) ? 'true' : 'false']),
  ) as Record<WeekdayKey, 'true' | 'false'>;
}

export const MON_FRI = days(1, 2, 3, 4, 5);

export function anti(overrides: Overrides = {}): TimeCondition {
  return timeConditionSchema.parse({
    timeConditionName: 'anti',
    timeConditionType: 'anti',
    timeConditionOrder: 999,
    ...overrides,
  });
}

export function wtime(
  name: string,
  order: number,
  timeOfDay: string,
  overrides: Overrides = {},
): TimeCondition {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'wtime',
    timeConditionOrder: order,
    timeConditionTimeOfDay: timeOfDay,
    ...overrides,
  });
}

/** A weekday-time condition, Mon–Fri at the lowest wtime priority, that sends calls to a number. */
export function weekdayAction(name: string, timeOfDay: string, target: string): TimeCondition {
  return {
    ...newCondition('wtime'),
    ...MON_FRI,
    timeConditionName: name,
    timeConditionTimeOfDay: timeOfDay,
    timeConditionActionType: 'action',
    timeConditionAction: target,
  };
}

export function mday(name: string, order: number, mon: string, dayRange: string, overrides: Overrides = {}) {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'mday',
    timeConditionOrder: order,
    timeConditionMon: mon,
    timeConditionMday: dayRange,
    ...overrides,
  });
}

export function dateTime(name: string, order: number, range: string, overrides: Overrides = {}) {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'date-time',
    timeConditionOrder: order,
    timeConditionDateTime: range,
    ...overrides,
  });
}

export function holiday(
  name: string,
  order: number,
  closedDays: { name: string; date: string }[] = [],
  overrides: Overrides = {},
) {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'holiday',
    timeConditionOrder: order,
    timeConditionClosedDays: closedDays,
    ...overrides,
  });
}

export function scheduleOf(conditions: TimeCondition[], name = '本社'): Dialplan {
  return dialplanSchema.parse({
    dialplanName: name,
    dialplanContext: 'tenant-a.example',
    timeconditions: conditions,
  });
}

/** A Japanese office (issue 17): holidays and closed days, the New Year break and weekday nights, one rule each. */
export const japaneseOffice = scheduleOf([
  anti({ timeConditionActionType: 'vmail' }),
  holiday(
    '祝日・休業日',
    505,
    [
      { name: '創立記念日', date: '06-15' },
      { name: '棚卸し', date: '2027-03-31' },
    ],
    { timeConditionActionType: 'announce', timeConditionAnnounce: 'holiday.wav' },
  ),
  mday('年末年始', 500, '12-1', '29-3', { timeConditionActionType: 'hangup' }),
  wtime('平日', 800, '09:00-18:00', {
    ...MON_FRI,
    timeConditionActionType: 'action',
    timeConditionAction: '300',
  }),
  wtime('夜間', 810, '22:00-06:00', {
    ...MON_FRI,
    timeConditionActionType: 'transfer',
    timeConditionTransfer: '0312345678',
  }),
]);

/** [what, instant, the rule that applies] in Asia/Tokyo (+09:00). */
export const JAPANESE_OFFICE_CASES: [string, string, string][] = [
  // The night rule: Monday 22:00 to Tuesday 06:00 is Monday's.
  ['night starts', '2026-11-24T22:00:00+09:00', '夜間'],
  ['night before midnight', '2026-11-24T23:59:59+09:00', '夜間'],
  ['night at midnight', '2026-11-25T00:00:00+09:00', '夜間'],
  ['night last second', '2026-11-25T05:59:59+09:00', '夜間'],
  ['night ends', '2026-11-25T06:00:00+09:00', 'anti'],
  ['Friday night runs into Saturday', '2026-11-28T05:59:59+09:00', '夜間'],
  ['Monday early morning is Sunday night (none)', '2026-11-30T00:00:00+09:00', 'anti'],
  // A public holiday on a weekday (勤労感謝の日, Monday 2026-11-23): whole day, night included.
  ['day before the holiday, night', '2026-11-22T23:59:59+09:00', 'anti'],
  ['holiday first second', '2026-11-23T00:00:00+09:00', '祝日・休業日'],
  ['holiday business hours', '2026-11-23T10:00:00+09:00', '祝日・休業日'],
  ['holiday last second', '2026-11-23T23:59:59+09:00', '祝日・休業日'],
  ['the holiday night goes on after midnight', '2026-11-24T00:00:00+09:00', '夜間'],
  ['国民の休日 2026-09-22', '2026-09-22T12:00:00+09:00', '祝日・休業日'],
  ['振替休日 2027-03-22', '2027-03-22T12:00:00+09:00', '祝日・休業日'],
  ['2030 spring equinox 03-20', '2030-03-20T12:00:00+09:00', '祝日・休業日'],
  // The tenant's own closed days.
  ['yearly closed day', '2027-06-15T10:00:00+09:00', '祝日・休業日'],
  ['yearly closed day, first second', '2026-06-15T00:00:00+09:00', '祝日・休業日'],
  ['one-off closed day', '2027-03-31T10:00:00+09:00', '祝日・休業日'],
  ['one-off closed day is once only', '2028-03-31T10:00:00+09:00', '平日'],
  // The New Year break, one rule across the year end; 元日 is a holiday too, the lower priority wins.
  ['before the break', '2026-12-28T23:59:59+09:00', '夜間'],
  ['break first second', '2026-12-29T00:00:00+09:00', '年末年始'],
  ['break at the year end', '2026-12-31T23:59:59+09:00', '年末年始'],
  ['break at New Year', '2027-01-01T00:00:00+09:00', '年末年始'],
  ['break last second', '2027-01-03T23:59:59+09:00', '年末年始'],
  ['after the break', '2027-01-04T00:00:00+09:00', 'anti'],
  ['after the break, business hours', '2027-01-04T09:00:00+09:00', '平日'],
  ['break in 2030', '2030-01-02T10:00:00+09:00', '年末年始'],
];
