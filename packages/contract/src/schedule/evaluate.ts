/**
 * Which condition of a schedule applies at an instant, in the tenant's time zone (spec 4 "Schedule
 * evaluation"): the default ('anti') fills everything, wtime conditions overlay it, and mday and
 * date-time conditions overlay those; within each layer the lowest priority wins.
 *
 * Boundaries, all in the tenant's local wall-clock time:
 * - wtime 'HH:mm-HH:mm' includes its start minute and excludes its end; an end of 23:59 or 24:00 runs
 *   to midnight. A start after the end spans midnight and belongs to the weekday it starts on
 *   ('22:00-06:00' on Friday covers Friday 22:00 to Saturday 06:00). Equal start and end cover nothing.
 * - mday covers whole days of its month, every year (Feb 29 only in leap years).
 * - date-time includes both stored ends to the second: '… 17:00:59' runs until 17:01:00.
 * - Disabled or unreadable conditions never apply; equal priorities (which validation rejects) go to
 *   the condition listed first.
 */
import { DAY_MS, MINUTE_MS, monthDayOf, weekdayOf } from './calendar';
import { parseDateTimeRange, parseTimeOfDay, parseYearlyDays, weekdayMask } from './fields';
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

/** A date rule over either month×100+day (yearly) or wall-clock ms (one-off): from ≤ value < to. */
interface DateRule {
  condition: TimeCondition;
  yearly: boolean;
  from: number;
  to: number;
}

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
      for (const rule of dateRules) {
        const value = rule.yearly ? monthDay : wall;
        if (value >= rule.from && value < rule.to) return rule.condition;
      }
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
  if (condition.timeConditionType === 'mday') {
    const days = parseYearlyDays(condition.timeConditionMon, condition.timeConditionMday);
    if (!days) return [];
    return [
      { condition, yearly: true, from: days.month * 100 + days.first, to: days.month * 100 + days.last + 1 },
    ];
  }
  if (condition.timeConditionType === 'date-time') {
    const range = parseDateTimeRange(condition.timeConditionDateTime);
    return range ? [{ condition, yearly: false, from: range.start, to: range.end }] : [];
  }
  return [];
}
