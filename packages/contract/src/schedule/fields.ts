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

/**
 * A yearly range of days (mday) from month/first to endMonth/last, both included. An end before the start
 * crosses the new year (12/29 – 1/3).
 */
export interface YearlyDays {
  month: number;
  first: number;
  endMonth: number;
  last: number;
}

const MONTH_RANGE = /^(\d{1,2})(?:-(\d{1,2}))?$/;
const DAY_RANGE = /^(\d{1,2})(?:-(\d{1,2}))?$/;

/**
 * Reads timeConditionMon ('M', or 'M-M' across months) and timeConditionMday ('D-D' or 'D'). Within one
 * month ('M') the first day may not follow the last, as the spec's format always had it; Feb 29 is allowed.
 */
export function parseYearlyDays(mon: string, mday: string): YearlyDays | null {
  const months = MONTH_RANGE.exec(mon);
  const days = DAY_RANGE.exec(mday);
  if (!months || !days) return null;
  const month = Number(months[1]);
  const endMonth = months[2] === undefined ? month : Number(months[2]);
  const first = Number(days[1]);
  const last = days[2] === undefined ? first : Number(days[2]);
  if (!isMonthDay(month, first) || !isMonthDay(endMonth, last)) return null;
  if (months[2] === undefined && first > last) return null;
  return { month, first, endMonth, last };
}

/** True for a day of a month in some year (2000 is a leap year, so Feb 29 counts: it applies in leap years). */
function isMonthDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(2000, month);
}

/** True when the yearly range runs past Dec 31 into the next year. */
export function crossesNewYear(days: YearlyDays): boolean {
  return days.endMonth * 100 + days.last < days.month * 100 + days.first;
}

/** timeConditionMon and timeConditionMday of a yearly range ('M' when it stays in order in one month). */
export function formatYearlyDays(days: YearlyDays): { timeConditionMon: string; timeConditionMday: string } {
  const oneMonth = days.month === days.endMonth && days.first <= days.last;
  return {
    timeConditionMon: oneMonth ? String(days.month) : `${days.month}-${days.endMonth}`,
    timeConditionMday: `${days.first}-${days.last}`,
  };
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

const YEARLY_DATE = /^(\d{2})-(\d{2})$/;

/** A closed day's date: every year (month, day) or once (a day count). Null when the text is neither. */
export type ClosedDate = { yearly: true; month: number; day: number } | { yearly: false; day: number };

/** Reads a closed day's 'MM-DD' (every year; Feb 29 allowed) or 'YYYY-MM-DD' (once). */
export function parseClosedDate(text: string): ClosedDate | null {
  const yearly = YEARLY_DATE.exec(text);
  if (yearly) {
    const [month, day] = [Number(yearly[1]), Number(yearly[2])];
    return isMonthDay(month, day) ? { yearly: true, month, day } : null;
  }
  const day = parseDate(text);
  return day === null ? null : { yearly: false, day };
}
