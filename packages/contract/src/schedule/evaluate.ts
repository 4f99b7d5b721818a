/**
 * Which condition of a schedule applies at an instant, in the tenant's time zone (spec 4 "Schedule
 * evaluation"): the default ('anti') fills everything, wtime conditions overlay it, and mday, date-time
 * and holiday conditions overlay those; within each layer the lowest priority wins.
 *
 * Boundaries, all in the tenant's local wall-clock time:
 * - wtime 'HH:mm-HH:mm' includes its start minute and excludes its end; an end of 23:59 or 24:00 runs
 *   to midnight. A start after the end spans midnight and belongs to the weekday it starts on
 *   ('22:00-06:00' on Friday covers Friday 22:00 to Saturday 06:00). Equal start and end cover nothing.
 * - mday covers whole days, every year (Feb 29 only in leap years); an end before the start runs across
 *   the new year ('12/29 – 1/3' covers Dec 29 00:00:00 to Jan 3 23:59:59).
 * - holiday covers the whole days of Japan's public holidays and of the tenant's own closed days.
 * - date-time includes both stored ends to the second: '… 17:00:59' runs until 17:01:00.
 * - Disabled or unreadable conditions never apply; equal priorities (which validation rejects) go to
 *   the condition listed first.
 */
import { DAY_MS, MINUTE_MS, monthDayOf, weekdayOf } from './calendar';
import { parseClosedDate, parseDateTimeRange, parseTimeOfDay, parseYearlyDays, weekdayMask } from './fields';
import { nationalHolidayOn } from './holidays';
import { isAnti, type Dialplan, type TimeCondition } from './schema';
import { DEFAULT_TIME_ZONE, zoneClock } from './zone';

/** The condition that applies at an instant (Date or epoch ms), or null when not even a default does. */
export type ScheduleEvaluator = (instant: Date | number) => TimeCondition | null;

interface WeekdayRule {
  condition: TimeCondition;
  /** Bit i = weekday i (0 = Sunday). */
  days: number;
  start: number;
  end: number;
}

/**
 * A date rule. yearly: month×100+day from ≤ value ≤ to (from > to wraps the new year); once: wall-clock
 * ms from ≤ value < to; holiday: the public holidays and the closed days. Plain fields rather than a
 * closure per rule keep the loop monomorphic on the call path.
 */
type DateRule = { condition: TimeCondition } & (
  { kind: 'yearly' | 'once'; from: number; to: number } | { kind: 'holiday'; closed: ClosedDays }
);

/** Parses a schedule once into a fast evaluator for one time zone (throws RangeError for an unknown zone). */
export function compileSchedule(schedule: Dialplan, timeZone: string = DEFAULT_TIME_ZONE): ScheduleEvaluator {
  const clock = zoneClock(timeZone);
  const enabled = schedule.timeconditions.filter((c) => c.timeConditionEnabled !== 'false');
  const byPriority = enabled
    .filter((c) => !isAnti(c))
    .sort((a, b) => a.timeConditionOrder - b.timeConditionOrder);
  const anti = enabled.find(isAnti) ?? null;
  const weekdayRules = byPriority.flatMap(weekdayRule);
  const dateRules = byPriority.flatMap(dateRule);

  return (instant) => {
    const ms = typeof instant === 'number' ? instant : instant.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('無効な日時です。');
    const wall = clock.wallOf(ms);
    const day = Math.floor(wall / DAY_MS);
    if (dateRules.length > 0) {
      const monthDay = monthDayOf(day);
      for (const rule of dateRules) if (covers(rule, wall, day, monthDay)) return rule.condition;
    }
    const minute = Math.floor((wall - day * DAY_MS) / MINUTE_MS);
    const today = 1 << weekdayOf(day);
    const yesterday = 1 << weekdayOf(day - 1);
    for (const rule of weekdayRules) {
      if (rule.start < rule.end) {
        if (rule.days & today && minute >= rule.start && minute < rule.end) return rule.condition;
      } else if (
        (rule.days & today && minute >= rule.start) ||
        (rule.days & yesterday && minute < rule.end)
      ) {
        return rule.condition;
      }
    }
    return anti;
  };
}

/** The condition of the schedule that applies at the instant in the time zone (compiles on each call). */
export function evaluate(
  schedule: Dialplan,
  instant: Date | number,
  timeZone: string = DEFAULT_TIME_ZONE,
): TimeCondition | null {
  return compileSchedule(schedule, timeZone)(instant);
}

function weekdayRule(condition: TimeCondition): WeekdayRule[] {
  if (condition.timeConditionType !== 'wtime') return [];
  const range = parseTimeOfDay(condition.timeConditionTimeOfDay);
  // Equal ends cover nothing; dropping the rule keeps the overnight branch from reading them as 24 h.
  if (!range || range.start === range.end) return [];
  return [{ condition, days: weekdayMask(condition), ...range }];
}

function dateRule(condition: TimeCondition): DateRule[] {
  switch (condition.timeConditionType) {
    case 'mday': {
      const days = parseYearlyDays(condition.timeConditionMon, condition.timeConditionMday);
      if (!days) return [];
      return [
        {
          condition,
          kind: 'yearly',
          from: days.month * 100 + days.first,
          to: days.endMonth * 100 + days.last,
        },
      ];
    }
    case 'date-time': {
      const range = parseDateTimeRange(condition.timeConditionDateTime);
      return range ? [{ condition, kind: 'once', from: range.start, to: range.end }] : [];
    }
    case 'holiday':
      return [{ condition, kind: 'holiday', closed: closedDaysOf(condition) }];
    default:
      return [];
  }
}

/** Whether a date rule covers a local wall-clock instant, with its day count and month×100+day. */
function covers(rule: DateRule, wall: number, day: number, monthDay: number): boolean {
  switch (rule.kind) {
    case 'yearly':
      return rule.from <= rule.to
        ? monthDay >= rule.from && monthDay <= rule.to
        : monthDay >= rule.from || monthDay <= rule.to;
    case 'once':
      return wall >= rule.from && wall < rule.to;
    case 'holiday':
      return closedDayName(rule.closed, day, monthDay) !== null;
  }
}

/** A holiday condition's own closed days, read once: one-off by day count, yearly by month×100+day. */
interface ClosedDays {
  once: ReadonlyMap<number, string>;
  yearly: ReadonlyMap<number, string>;
}

function closedDaysOf(condition: TimeCondition): ClosedDays {
  const once = new Map<number, string>();
  const yearly = new Map<number, string>();
  for (const { name, date } of condition.timeConditionClosedDays) {
    const parsed = parseClosedDate(date);
    if (parsed?.yearly) yearly.set(parsed.month * 100 + parsed.day, name);
    else if (parsed) once.set(parsed.day, name);
  }
  return { once, yearly };
}

/** The public holiday's or the tenant's closed day's name on a day, or null. */
function closedDayName(closed: ClosedDays, day: number, monthDay: number): string | null {
  return nationalHolidayOn(day) ?? closed.once.get(day) ?? closed.yearly.get(monthDay) ?? null;
}

/**
 * Why a holiday condition covers a local date ('YYYY-MM-DD' as a day count): the public holiday's or the
 * closed day's name, or null when it does not (nor for other types).
 */
export function holidayNameOn(condition: TimeCondition, day: number): string | null {
  if (condition.timeConditionType !== 'holiday') return null;
  return closedDayName(closedDaysOf(condition), day, monthDayOf(day));
}
