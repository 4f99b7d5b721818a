/**
 * Japan's public holidays (祝日, 振替休日 and 国民の休日), read from @holiday-jp/holiday_jp: the
 * holiday-jp project keeps its data (1970–2050) in step with the Cabinet Office's list and the
 * holiday law, and a law change reaches us as a new package version (see ARCHITECTURE.md).
 */
import nationalHolidays from '@holiday-jp/holiday_jp/lib/holidays.js';
import { formatDate, parseDate } from './calendar';

/** National holidays by day count since 1970-01-01 → their Japanese name. */
const BY_DAY: ReadonlyMap<number, string> = new Map(
  Object.values(nationalHolidays as Record<string, { date: string; name: string }>).flatMap(
    ({ date, name }) => {
      const day = parseDate(date);
      return day === null ? [] : [[day, name] as const];
    },
  ),
);

/** The name of the national holiday on a day count, or null on a working day. */
export function nationalHolidayOn(day: number): string | null {
  return BY_DAY.get(day) ?? null;
}

/** Every national holiday of the data, 'YYYY-MM-DD', in order (the database keeps a copy for its roll-ups). */
export function nationalHolidayDates(): string[] {
  return [...BY_DAY.keys()].sort((a, b) => a - b).map(formatDate);
}

/** The first and last year the holiday data covers (dates outside read as working days). */
export const HOLIDAY_DATA_YEARS = (() => {
  const years = [...BY_DAY.keys()].map((day) => new Date(day * 86_400_000).getUTCFullYear());
  return { first: Math.min(...years), last: Math.max(...years) };
})();
