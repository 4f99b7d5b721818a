/**
 * Pure proleptic-Gregorian calendar arithmetic on "wall-clock milliseconds": a local date and time
 * counted as if it were UTC. Nothing here reads the process's time zone.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;

/** Days since 1970-01-01 of a calendar date (H. Hinnant's days_from_civil; month 1–12). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The calendar date of a day count since 1970-01-01 (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1,
  };
}

/** Month and day packed as month × 100 + day (e.g. 1231), which orders like the dates of one year. */
export function monthDayOf(days: number): number {
  const { month, day } = civilFromDays(days);
  return month * 100 + day;
}

/** Day of the week of a day count: 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_LENGTHS[month - 1] ?? 0);
}

/** Wall-clock milliseconds of a local date and time. */
export function wallMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return daysFromCivil(year, month, day) * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS + second * 1000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Day count of a real 'YYYY-MM-DD' date, or null when the text is not one. */
export function parseDate(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** 'YYYY-MM-DD' of a day count. */
export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** Minutes since midnight of a 24-hour 'HH:mm' time, or null when the text is not one. */
export function parseTime(text: string): number | null {
  const match = TIME.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 'HH:mm' of minutes since midnight (1440 reads '24:00'). */
export function formatTime(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** The last day of the month that lies `months` months after the date's month. */
export function endOfMonthAfter(days: number, months: number): number {
  const { year, month } = civilFromDays(days);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return daysFromCivil(y, m, daysInMonth(y, m));
}

/** 'MM/DD' of a month and day. */
export function monthDayLabel(month: number, day: number): string {
  return `${pad2(month)}/${pad2(day)}`;
}

export function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
