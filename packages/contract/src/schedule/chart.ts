import {
  DAY_MS,
  MINUTE_MS,
  formatDate,
  monthDayLabel,
  parseDate,
  civilFromDays,
  weekdayOf,
} from './calendar';
import { compileSchedule, holidayNameOn } from './evaluate';
import { nationalHolidayOn } from './holidays';
import { WEEKDAY_LABELS } from './format';
import type { ActionType, Dialplan } from './schema';
import { DEFAULT_TIME_ZONE, zoneClock } from './zone';

/** Spec 9 "Schedule chart". */
export const CHART_DAYS = 7;
export const SLOTS_PER_DAY = 144;
export const SLOT_MINUTES = 10;

/** One bar of the chart. */
export interface ChartDay {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'MM/DD (曜)', e.g. '11/23 (月)'. */
  label: string;
  /** The action type applying at each slot's start (null when no condition, not even a default, applies). */
  slots: (ActionType | null)[];
  /**
   * The public holiday's name on this date, or the tenant's closed day's of an enabled holiday condition;
   * null on other days. Marked on the bar whether or not a holiday condition applies.
   */
  holiday: string | null;
}

/**
 * The 7-day × 144-slot chart from a 'YYYY-MM-DD' date. Each slot is evaluated at the instant of its
 * local start time, so it always agrees with evaluate(); on a spring-forward night the skipped slots
 * show the time they are moved to (see ZoneClock.instantOf).
 */
export function chart(
  schedule: Dialplan,
  startDate: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): ChartDay[] {
  const first = parseDate(startDate);
  if (first === null) throw new RangeError(`日付の形式が正しくありません: ${startDate}`);
  const clock = zoneClock(timeZone);
  const actionAt = compileSchedule(schedule, timeZone);
  const holidayRules = schedule.timeconditions.filter(
    (c) => c.timeConditionType === 'holiday' && c.timeConditionEnabled !== 'false',
  );
  return Array.from({ length: CHART_DAYS }, (_, offset) => {
    const day = first + offset;
    return {
      date: formatDate(day),
      label: dayLabel(day),
      holiday:
        holidayRules.reduce<string | null>((name, rule) => name ?? holidayNameOn(rule, day), null) ??
        nationalHolidayOn(day),
      slots: Array.from({ length: SLOTS_PER_DAY }, (_, slot) => {
        return actionAt(clock.instantOf(slotWall(day, slot)))?.timeConditionActionType ?? null;
      }),
    };
  });
}

/** The instant at which a slot of a local date starts (what chart() evaluates). */
export function slotInstant(date: string, slot: number, timeZone: string = DEFAULT_TIME_ZONE): number {
  const day = parseDate(date);
  if (day === null) throw new RangeError(`日付の形式が正しくありません: ${date}`);
  return zoneClock(timeZone).instantOf(slotWall(day, slot));
}

function slotWall(day: number, slot: number): number {
  return day * DAY_MS + slot * SLOT_MINUTES * MINUTE_MS;
}

/** 'MM/DD (曜)' of a day count. */
function dayLabel(day: number): string {
  const { month, day: dayOfMonth } = civilFromDays(day);
  return `${monthDayLabel(month, dayOfMonth)} (${WEEKDAY_LABELS[weekdayOf(day)]})`;
}
