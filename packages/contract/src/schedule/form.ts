/** The condition dialog's values and their conversion to and from a stored condition (spec 3 "Form-only helpers"). */
import {
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  endOfMonthAfter,
  formatDate,
  parseDate,
} from './calendar';
import {
  crossesNewYear,
  formatDateTimeRange,
  formatTimeOfDay,
  formatYearlyDays,
  parseYearlyDays,
} from './fields';
import {
  DEFAULT_BUSINESS_HOURS,
  WEEKDAY_KEYS,
  type ActionType,
  type ConditionType,
  type TimeCondition,
  type WeekdayKey,
} from './schema';

/** The values of the condition dialog. */
export interface ConditionForm extends Omit<
  TimeCondition,
  'timeConditionType' | 'timeConditionOrder' | 'timeConditionActionType'
> {
  timeConditionType: ConditionType;
  /** null while the priority input is empty. */
  timeConditionOrder: number | null;
  /** null while no action type is chosen. */
  timeConditionActionType: ActionType | null;
  /** Start and end dates, 'YYYY-MM-DD' (mday and date-time). */
  mdayTemp1: string;
  mdayTemp2: string;
  /** Start and end times, 'HH:mm' (wtime and date-time); default 09:00 and 17:00. */
  timeTemp1: string;
  timeTemp2: string;
}

/** The 'Every year' box: checked means mday, unchecked date-time (spec 4). */
export function withYearly(form: ConditionForm, yearly: boolean): ConditionForm {
  return { ...form, timeConditionType: yearly ? 'mday' : 'date-time' };
}

/** Choosing a start date moves the end to that day, at 23:59 in date-time mode (spec 5 "Dates"). */
export function withStartDate(form: ConditionForm, date: string): ConditionForm {
  const endTime = form.timeConditionType === 'date-time' ? '23:59' : form.timeTemp2;
  return { ...form, mdayTemp1: date, mdayTemp2: date, timeTemp2: endTime };
}

/**
 * The end date picker's limits for a start date: from the start to the day before it comes round again
 * (mday: a yearly range of up to a year, across the new year if need be), or to the end of the month
 * 12 months later (date-time). Null when the start is not a date.
 */
export function endDateBounds(
  type: 'mday' | 'date-time',
  startDate: string,
): { min: string; max: string } | null {
  const start = parseDate(startDate);
  if (start === null) return null;
  const { year, month, day } = civilFromDays(start);
  // A year on, less a day; Feb 29 + 1 year reads Mar 1 (days_from_civil counts the day past the month).
  const max = type === 'mday' ? daysFromCivil(year + 1, month, day) - 1 : endOfMonthAfter(start, 12);
  return { min: startDate, max: formatDate(max) };
}

/** The dialog's values for a stored condition; a yearly range is shown in the year of `today` ('YYYY-MM-DD'). */
export function conditionToForm(condition: TimeCondition, today: string): ConditionForm {
  const type = condition.timeConditionType;
  if (type === 'anti') throw new RangeError('デフォルトの条件はこのフォームで編集できません。');
  const [dates, times] = formDatesAndTimes(condition, today);
  return {
    ...condition,
    timeConditionType: type,
    mdayTemp1: dates[0] ?? '',
    mdayTemp2: dates[1] ?? '',
    timeTemp1: times[0] || DEFAULT_BUSINESS_HOURS.from,
    timeTemp2: times[1] || DEFAULT_BUSINESS_HOURS.to,
  };
}

/** The start/end dates and times a stored condition shows in the dialog ('' where it has none). */
function formDatesAndTimes(condition: TimeCondition, today: string): [string[], string[]] {
  switch (condition.timeConditionType) {
    case 'wtime':
      return [[], condition.timeConditionTimeOfDay.split('-')];
    case 'mday':
      return [yearlyDates(condition, today), []];
    case 'holiday':
      return [[], []];
    default: {
      // 'YYYY-MM-DD HH:mm:ss~YYYY-MM-DD HH:mm:ss'
      const ends = condition.timeConditionDateTime.split('~').map((end) => end.trim().split(' '));
      return [ends.map(([date = '']) => date), ends.map(([, time = '']) => time.slice(0, 5))];
    }
  }
}

/** The stored condition of valid dialog values (validate them first with validateConditionForm). */
export function formToCondition(form: ConditionForm): TimeCondition {
  const { mdayTemp1, mdayTemp2, timeTemp1, timeTemp2, ...fields } = form;
  const base: TimeCondition = {
    ...fields,
    timeConditionOrder: form.timeConditionOrder ?? 0,
    timeConditionActionType: form.timeConditionActionType ?? 'hangup',
    timeConditionTimeOfDay: '',
    timeConditionMon: '',
    timeConditionMday: '',
    timeConditionDateTime: '',
    timeConditionClosedDays: form.timeConditionType === 'holiday' ? form.timeConditionClosedDays : [],
  };
  if (form.timeConditionType === 'wtime') {
    return { ...base, timeConditionTimeOfDay: formatTimeOfDay(timeTemp1, timeTemp2) };
  }
  const noWeekdays = Object.fromEntries(WEEKDAY_KEYS.map((key) => [key, 'false'])) as Record<
    WeekdayKey,
    'false'
  >;
  if (form.timeConditionType === 'holiday') return { ...base, ...noWeekdays };
  if (form.timeConditionType === 'mday') {
    const start = civilFromDays(parseDate(mdayTemp1) ?? 0);
    const end = civilFromDays(parseDate(mdayTemp2) ?? 0);
    return {
      ...base,
      ...noWeekdays,
      ...formatYearlyDays({ month: start.month, first: start.day, endMonth: end.month, last: end.day }),
    };
  }
  return {
    ...base,
    ...noWeekdays,
    timeConditionDateTime: formatDateTimeRange(mdayTemp1, timeTemp1, mdayTemp2, timeTemp2),
  };
}

/**
 * A yearly range as dates starting in today's year (ending in the next one when it crosses the new year),
 * or in the next leap year for a range touching Feb 29.
 */
function yearlyDates(condition: TimeCondition, today: string): string[] {
  const days = parseYearlyDays(condition.timeConditionMon, condition.timeConditionMday);
  if (!days) return [];
  const endShift = crossesNewYear(days) ? 1 : 0;
  let { year } = civilFromDays(parseDate(today) ?? 0);
  const fits = (y: number) =>
    days.first <= daysInMonth(y, days.month) && days.last <= daysInMonth(y + endShift, days.endMonth);
  while (!fits(year)) year++;
  return [
    formatDate(daysFromCivil(year, days.month, days.first)),
    formatDate(daysFromCivil(year + endShift, days.endMonth, days.last)),
  ];
}
