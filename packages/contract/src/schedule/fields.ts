/**
 * Reading and writing the stored string fields of a time condition. Every reader returns null for
 * text that is not in its format, so evaluation and validation agree on what a field means.
 */
import { DAY_MS, MINUTES_PER_DAY, MINUTE_MS, daysInMonth, parseDate, parseTime } from './calendar';
import { WEEKDAY_KEYS, type WeekdayKey } from './schema';

/** A time of day range in minutes since midnight; end is exclusive and may be 1440 (24:00). */
export interface TimeOfDay {
  start: number;
  end: number;
}

/**
 * Reads 'HH:mm-HH:mm'. An end of '24:00' or '23:59' means the end of the day: a 24-hour picker
 * cannot show 24:00, so 23:59 is what a user picks for "until midnight".
 */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const [from = '', to = '', extra] = text.split('-');
  if (extra !== undefined) return null;
  const start = parseTime(from);
  const end = to === '24:00' ? MINUTES_PER_DAY : parseTime(to);
  if (start === null || end === null) return null;
  return { start, end: end === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : end };
}

/** 'HH:mm-HH:mm' of two picker times. */
export function formatTimeOfDay(from: string, to: string): string {
  return `${from}-${to}`;
}

/** A yearly range of days inside one month (mday). */
export interface YearlyDays {
  month: number;
  first: number;
  last: number;
}

const MONTH = /^\d{1,2}$/;
const DAY_RANGE = /^(\d{1,2})(?:-(\d{1,2}))?$/;

/** Reads timeConditionMon ('1'…'12') and timeConditionMday ('D-D' or 'D'); Feb 29 is allowed. */
export function parseYearlyDays(mon: string, mday: string): YearlyDays | null {
  const match = DAY_RANGE.exec(mday);
  if (!match || !MONTH.test(mon)) return null;
  const month = Number(mon);
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  // 2000 is a leap year, so 29 is a valid last day of February (it applies in leap years only).
  const valid = month >= 1 && month <= 12 && first >= 1 && first <= last && last <= daysInMonth(2000, month);
  return valid ? { month, first, last } : null;
}

/** timeConditionMon and timeConditionMday of a yearly range. */
export function formatYearlyDays(days: YearlyDays): { timeConditionMon: string; timeConditionMday: string } {
  return { timeConditionMon: String(days.month), timeConditionMday: `${days.first}-${days.last}` };
}

/** A one-off range in wall-clock ms: start inclusive, end exclusive (the stored end second is included). */
export interface DateTimeRange {
  start: number;
  end: number;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})(?::([0-5]\d))?$/;

/** Reads 'YYYY-MM-DD HH:mm:ss~YYYY-MM-DD HH:mm:ss'; a missing end second reads :59 (whole minute). */
export function parseDateTimeRange(text: string): DateTimeRange | null {
  const [from = '', to = '', extra] = text.split('~');
  if (extra !== undefined) return null;
  const start = parseDateTime(from, '00');
  const end = parseDateTime(to, '59');
  return start === null || end === null ? null : { start, end: end + 1000 };
}

function parseDateTime(text: string, defaultSecond: string): number | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const days = parseDate(match[1] ?? '');
  const minutes = parseTime(match[2] ?? '');
  if (days === null || minutes === null) return null;
  return days * DAY_MS + minutes * MINUTE_MS + Number(match[3] ?? defaultSecond) * 1000;
}

/** The stored date-time range of two picker dates and times (the end minute is included). */
export function formatDateTimeRange(
  fromDate: string,
  fromTime: string,
  toDate: string,
  toTime: string,
): string {
  return `${fromDate} ${fromTime}:00~${toDate} ${toTime}:59`;
}

/** Bit i set when weekday i (0 = Sunday) is chosen. */
export function weekdayMask(condition: Readonly<Record<WeekdayKey, string>>): number {
  return WEEKDAY_KEYS.reduce((mask, key, i) => (condition[key] === 'true' ? mask | (1 << i) : mask), 0);
}
