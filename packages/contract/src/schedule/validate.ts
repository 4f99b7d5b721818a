/** Every check of spec 5 for business hours, as pure functions returning the spec's (Japanese) messages. */
import { isTransferNumber } from '../pbx/dial';
import { isBlank, isEmail } from '../pbx/shared';
import { DAY_MS, endOfMonthAfter, parseDate, parseTime } from './calendar';
import { parseClosedDate, parseDateTimeRange, parseTimeOfDay, parseYearlyDays, weekdayMask } from './fields';
import { endDateBounds, type ConditionForm } from './form';
import { nameHint, orderHint, orderRangeMessage, scheduleMessages as m } from './messages';
import {
  ORDER_RANGES,
  dialplanSchema,
  isAnti,
  type ClosedDay,
  type ConditionType,
  type Dialplan,
  type TimeCondition,
} from './schema';

/** The e-mail rule lives with the PBX rules (ring groups use it too). */
export { isEmail };

/** True for a priority the type allows: 0, or its range (800–899 wtime, 500–599 dates). */
export function isAllowedOrder(type: ConditionType, order: number): boolean {
  const { min, max } = ORDER_RANGES[type];
  return order === 0 || (Number.isInteger(order) && order >= min && order <= max);
}

/** Priority checks in the spec's order: already used by another condition, then outside the type's range. */
export function orderMessage(
  type: ConditionType,
  order: number,
  others: readonly TimeCondition[],
): string | null {
  if (others.some((c) => !isAnti(c) && c.timeConditionOrder === order)) return m.orderTaken;
  return isAllowedOrder(type, order) ? null : orderRangeMessage(type);
}

type ActionFields = Pick<
  TimeCondition,
  'timeConditionAction' | 'timeConditionAnnounce' | 'timeConditionTransfer'
> & {
  timeConditionActionType: TimeCondition['timeConditionActionType'] | null;
};

const needsAction = (c: ActionFields) =>
  c.timeConditionActionType === 'action' && isBlank(c.timeConditionAction);
const needsAnnounce = (c: ActionFields) =>
  c.timeConditionActionType === 'announce' && isBlank(c.timeConditionAnnounce);
const badTransfer = (c: ActionFields) =>
  c.timeConditionActionType === 'transfer' && !isTransferNumber(c.timeConditionTransfer);
const badEmail = (email: string) => !isBlank(email) && !isEmail(email);

// ---------------------------------------------------------------------------------------------
// Condition dialog

/** A field of the condition dialog, or the weekday toggles. */
export type ConditionFormField = keyof ConditionForm | 'weekdays';

export interface ConditionFormResult {
  /** Fields to highlight as invalid, each with its inline text. */
  fields: Partial<Record<ConditionFormField, string>>;
  /**
   * The alert to show: the first failing check in the spec's order (weekday/time, priority, action,
   * dates). Null when nothing fails, and for the failures the spec blocks silently (transfer, e-mail).
   */
  message: string | null;
  /** True when the dialog may save. */
  ok: boolean;
}

/** Validates the condition dialog against the schedule's other conditions (without the one edited). */
export function validateConditionForm(
  form: ConditionForm,
  others: readonly TimeCondition[],
): ConditionFormResult {
  const fields = conditionFormFields(form, others);
  const message = conditionFormMessage(form, others);
  return { fields, message, ok: message === null && Object.keys(fields).length === 0 };
}

function conditionFormFields(form: ConditionForm, others: readonly TimeCondition[]) {
  const type = form.timeConditionType;
  const fields: Partial<Record<ConditionFormField, string>> = {};
  if (isBlank(form.timeConditionName)) fields.timeConditionName = nameHint(type);
  const order = form.timeConditionOrder;
  if (order === null || orderMessage(type, order, others)) fields.timeConditionOrder = orderHint(type);
  if (type === 'wtime') {
    if (weekdayMask(form) === 0) fields.weekdays = m.weekdayTime;
    if (timeRange(form) === 'empty') fields.timeTemp2 = m.weekdayTime;
  } else if (type === 'holiday') {
    const message = closedDaysMessage(form.timeConditionClosedDays);
    if (message) fields.timeConditionClosedDays = message;
  } else {
    if (parseDate(form.mdayTemp1) === null) fields.mdayTemp1 = m.date;
    const endMessage = parseDate(form.mdayTemp2) === null ? m.date : dateMessage(form);
    if (endMessage) fields.mdayTemp2 = endMessage;
  }
  if (type === 'wtime' || type === 'date-time') {
    if (parseTime(form.timeTemp1) === null) fields.timeTemp1 = m.time;
    if (parseTime(form.timeTemp2) === null) fields.timeTemp2 = m.time;
  }
  if (form.timeConditionActionType === null) fields.timeConditionActionType = m.actionType;
  if (needsAction(form)) fields.timeConditionAction = m.action;
  if (needsAnnounce(form)) fields.timeConditionAnnounce = m.announcement;
  if (badTransfer(form)) fields.timeConditionTransfer = m.transferInput;
  if (badEmail(form.timeConditionVoiceMail)) fields.timeConditionVoiceMail = m.email;
  return fields;
}

function conditionFormMessage(form: ConditionForm, others: readonly TimeCondition[]): string | null {
  const type = form.timeConditionType;
  if (type === 'wtime' && (timeRange(form) === 'empty' || weekdayMask(form) === 0)) {
    return m.weekdayTime;
  }
  const order = form.timeConditionOrder === null ? null : orderMessage(type, form.timeConditionOrder, others);
  if (order) return order;
  if (needsAction(form)) return m.action;
  if (needsAnnounce(form)) return m.announcement;
  if (type === 'holiday') return closedDaysMessage(form.timeConditionClosedDays);
  return type === 'wtime' ? null : dateMessage(form);
}

/**
 * Whether the dialog's two times are readable and cover some time: a start after the end runs past
 * midnight (22:00 – 06:00), equal times cover nothing ('empty').
 */
function timeRange(form: ConditionForm): 'ok' | 'empty' | 'unreadable' {
  const range = parseTimeOfDay(`${form.timeTemp1}-${form.timeTemp2}`);
  if (!range) return 'unreadable';
  return range.start === range.end ? 'empty' : 'ok';
}

/** Date checks of readable dates: the end inside the picker's limits (a yearly range at most a year long). */
function dateMessage(form: ConditionForm): string | null {
  const type = form.timeConditionType;
  const start = parseDate(form.mdayTemp1);
  const end = parseDate(form.mdayTemp2);
  if (type === 'wtime' || type === 'holiday' || start === null || end === null) return null;
  const bounds = endDateBounds(type, form.mdayTemp1);
  if (bounds && (form.mdayTemp2 < bounds.min || form.mdayTemp2 > bounds.max)) {
    return type === 'mday' && form.mdayTemp2 > bounds.max ? m.yearlyTooLong : m.date;
  }
  const [from, to] = [parseTime(form.timeTemp1), parseTime(form.timeTemp2)];
  if (type === 'date-time' && from !== null && to !== null && start === end && to < from) return m.date;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Default condition, new schedule, whole schedule

/** The 'New business hours' dialog: a name is required. */
export function validateNewScheduleName(name: string): string | null {
  return isBlank(name) ? m.scheduleName : null;
}

/** The default pane's Save button, checked in the spec's order (spec 5, steps 1–5, then the e-mail). */
export function validateAntiSave(schedule: Dialplan): string | null {
  if (isBlank(schedule.dialplanName)) return m.scheduleName;
  const anti = schedule.timeconditions.find(isAnti);
  if (!anti) return m.noDefault;
  if (isBlank(anti.timeConditionVoiceMailAnnounce)) return m.absenceAnnouncement;
  return antiActionMessage(anti);
}

/** Steps 3–5 of the default save (action, transfer number, announcement), then the absence e-mail. */
function antiActionMessage(anti: TimeCondition): string | null {
  if (needsAction(anti)) return m.action;
  if (badTransfer(anti)) return m.transferNumber;
  if (needsAnnounce(anti)) return m.announcement;
  return badEmail(anti.timeConditionVoiceMail) ? m.email : null;
}

/** A stored (non-default) condition, as the server checks it: the first failing message, or null. */
export function validateCondition(condition: TimeCondition, others: readonly TimeCondition[]): string | null {
  const type = condition.timeConditionType;
  if (type === 'anti') return antiActionMessage(condition);
  if (isBlank(condition.timeConditionName)) return nameHint(type);
  const fields = typeFieldsMessage(condition);
  if (fields) return fields;
  const order = orderMessage(type, condition.timeConditionOrder, others);
  if (order) return order;
  if (needsAction(condition)) return m.action;
  if (badTransfer(condition)) return m.transferInput;
  if (needsAnnounce(condition)) return m.announcement;
  return badEmail(condition.timeConditionVoiceMail) ? m.email : null;
}

/**
 * The type's own fields: weekday and time for wtime (a weekday, and two different times: a start after
 * the end runs past midnight), readable dates or closed days otherwise.
 */
function typeFieldsMessage(condition: TimeCondition): string | null {
  switch (condition.timeConditionType) {
    case 'wtime': {
      const range = parseTimeOfDay(condition.timeConditionTimeOfDay);
      const valid = range !== null && range.start !== range.end && weekdayMask(condition) !== 0;
      return valid ? null : m.weekdayTime;
    }
    case 'holiday':
      return closedDaysMessage(condition.timeConditionClosedDays);
    case 'mday':
      return parseYearlyDays(condition.timeConditionMon, condition.timeConditionMday) ? null : m.date;
    case 'date-time':
      return isDateTimeRangeAllowed(condition.timeConditionDateTime) ? null : m.date;
    default:
      return null;
  }
}

/** The tenant's closed days: each named, dated 'MM-DD' or 'YYYY-MM-DD', and each date listed once. */
export function closedDaysMessage(days: readonly ClosedDay[]): string | null {
  const seen = new Set<string>();
  for (const { name, date } of days) {
    if (isBlank(name) || parseClosedDate(date) === null) return m.closedDays;
    if (seen.has(date)) return m.closedDayTwice;
    seen.add(date);
  }
  return null;
}

/** A readable one-off range whose end is not before its start nor past the date picker's maximum. */
function isDateTimeRangeAllowed(text: string): boolean {
  const range = parseDateTimeRange(text);
  if (!range || range.end <= range.start) return false;
  const lastDay = endOfMonthAfter(Math.floor(range.start / DAY_MS), 12);
  return range.end <= (lastDay + 1) * DAY_MS;
}

/** Where a whole-schedule check failed: a condition's index in timeconditions, or null for the schedule. */
export interface ScheduleIssue {
  message: string;
  index: number | null;
}

/**
 * The whole schedule as POST /v1/timeCondition/save/ receives it: its name, exactly one default
 * condition with a consistent action, and every other condition valid with a priority unique in the
 * schedule. The absence announcement is not required here: a new schedule is saved without one and
 * only the default pane's Save button asks for it (validateAntiSave).
 */
export function validateSchedule(schedule: Dialplan): ScheduleIssue | null {
  if (isBlank(schedule.dialplanName)) return { message: m.scheduleName, index: null };
  const conditions = schedule.timeconditions;
  const antis = conditions.flatMap((c, i) => (isAnti(c) ? [i] : []));
  if (antis.length === 0) return { message: m.noDefault, index: null };
  if (antis.length > 1) return { message: m.duplicateDefault, index: antis[1] ?? null };
  for (const [index, condition] of conditions.entries()) {
    // Checked against the conditions before it, so a duplicated priority is reported on the later one.
    const message = validateCondition(condition, conditions.slice(0, index));
    if (message) return { message, index };
  }
  return null;
}

/** The save request: a schedule that passes validateSchedule (the issue's path points at the condition). */
export const scheduleSaveRequestSchema = dialplanSchema.superRefine((schedule, ctx) => {
  const issue = validateSchedule(schedule);
  if (issue) {
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: issue.index === null ? [] : ['timeconditions', issue.index],
    });
  }
});
