/** The condition dialog's values and their conversion to and from a stored condition (spec 3 "Form-only helpers"). */
import {
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  endOfMonthAfter,
  formatDate,
  parseDate,
} from './calendar';
import { formatDateTimeRange, formatTimeOfDay, formatYearlyDays, parseYearlyDays } from './fields';
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
 * The end date picker's limits for a start date: from the start to the end of its month (mday), or to
 * the end of the month 12 months later (date-time). Null when the start is not a date.
 */
export function endDateBounds(
  type: 'mday' | 'date-time',
  startDate: string,
): { min: string; max: string } | null {
  const start = parseDate(startDate);
  if (start === null) return null;
  return { min: startDate, max: formatDate(endOfMonthAfter(start, type === 'mday' ? 0 : 12)) };
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
  };
  if (form.timeConditionType === 'wtime') {
    return { ...base, timeConditionTimeOfDay: formatTimeOfDay(timeTemp1, timeTemp2) };
  }
  const noWeekdays = Object.fromEntries(WEEKDAY_KEYS.map((key) => [key, 'false'])) as Record<
    WeekdayKey,
    'false'
  >;
  if (form.timeConditionType === 'mday') {
    // The dialog keeps a yearly range inside one month (spec 5 "Dates"), so the start's month is the rule's.
    const start = civilFromDays(parseDate(mdayTemp1) ?? 0);
    const end = civilFromDays(parseDate(mdayTemp2) ?? 0);
    return {
      ...base,
      ...noWeekdays,
      ...formatYearlyDays({ month: start.month, first: start.day, last: end.day }),
    };
  }
  return {
    ...base,
    ...noWeekdays,
    timeConditionDateTime: formatDateTimeRange(mdayTemp1, timeTemp1, mdayTemp2, timeTemp2),
  };
}

/** A yearly range as dates of today's year, or of the next leap year for a range ending on Feb 29. */
function yearlyDates(condition: TimeCondition, today: string): string[] {
  const days = parseYearlyDays(condition.timeConditionMon, condition.timeConditionMday);
  if (!days) return [];
  let { year } = civilFromDays(parseDate(today) ?? 0);
  while (days.last > daysInMonth(year, days.month)) year++;
  return [days.first, days.last].map((day) => formatDate(daysFromCivil(year, days.month, day)));
}
