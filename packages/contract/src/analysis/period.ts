import { z } from 'zod';
import { parseDate } from '../schedule/calendar';

/** The longest period an analysis covers, in days (a leap year). */
export const PERIOD_MAX_DAYS = 366;

export const periodMessages = {
  date: '日付を正しく入力してください。',
  order: '開始日は終了日以前の日付にしてください。',
  tooLong: `期間は${PERIOD_MAX_DAYS}日以内にしてください。`,
} as const;

const localDate = z.string({ error: periodMessages.date }).refine((text) => parseDate(text) !== null, {
  error: periodMessages.date,
});

/**
 * A period of whole local days in the tenant's time zone, both ends included ('YYYY-MM-DD'): a day
 * starts at 00:00 local time.
 */
export const periodSchema = z
  .object({ from: localDate, to: localDate })
  .refine(({ from, to }) => (parseDate(from) ?? 0) <= (parseDate(to) ?? 0), { error: periodMessages.order })
  .refine(({ from, to }) => (parseDate(to) ?? 0) - (parseDate(from) ?? 0) < PERIOD_MAX_DAYS, {
    error: periodMessages.tooLong,
  });
export type Period = z.infer<typeof periodSchema>;

/** The days of a period, in order. */
export function periodDays({ from, to }: Period): number {
  return (parseDate(to) ?? 0) - (parseDate(from) ?? 0) + 1;
}
