import { dayjs, type Dayjs } from '../../shared/dayjs';

/** Spec 9 "Formats": dates YYYY-MM-DD, 24-hour times. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A date picker's value for 'YYYY-MM-DD' ('' or unreadable text: empty). */
export function dateValue(text: string): Dayjs | null {
  return DATE.test(text) ? dayjs(text) : null;
}

/** A time picker's value for 'HH:mm' ('' or unreadable text: empty). */
export function timeValue(text: string): Dayjs | null {
  const match = TIME.exec(text);
  if (!match) return null;
  return dayjs().startOf('day').hour(Number(match[1])).minute(Number(match[2]));
}

/** 'YYYY-MM-DD' of a picked date ('' when cleared). */
export function dateText(value: Dayjs | null | undefined): string {
  return value ? value.format(DATE_FORMAT) : '';
}

/** 'HH:mm' of a picked time ('' when cleared). */
export function timeText(value: Dayjs | null | undefined): string {
  return value ? value.format(TIME_FORMAT) : '';
}
