import { PHONE_EXAMPLE } from '@tsunagu/contract/pbx/shared';
import {
  conditionToForm,
  endDateBounds,
  formToCondition,
  withStartDate,
  withYearly,
  type ConditionForm,
} from '@tsunagu/contract/schedule/form';
import {
  ACTION_TYPE_LABELS,
  CONDITION_ACTION_TYPES,
  conditionDialogTitle,
  conditionTypeLabel,
  WEEKDAY_LABELS,
} from '@tsunagu/contract/schedule/format';
import {
  ORDER_RANGES,
  WEEKDAY_KEYS,
  type ActionType,
  type TimeCondition,
} from '@tsunagu/contract/schedule/schema';
import { parseTime } from '@tsunagu/contract/schedule/calendar';
import { validateConditionForm, type ConditionFormField } from '@tsunagu/contract/schedule/validate';
import { Button, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Select, TimePicker } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { ja } from '../../shared/i18n/ja';
import { showAlert } from '../../shared/ui/alert';
import { FormDialog } from '../../shared/ui/form-dialog';
import { NumberInput } from '../../shared/ui/number-input';
import { ActionTargetSelect, RecordingSelect, type ScheduleChoices } from './action-inputs';
import { ClosedDaysInput } from './closed-days-input';
import { DATE_FORMAT, dateText, dateValue, TIME_FORMAT, timeText, timeValue } from './picker-values';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;

export interface ConditionDialogProps {
  /** The condition to edit, or a new one (newCondition). */
  condition: TimeCondition;
  /** The schedule's other conditions, whose priorities this one must not take. */
  others: readonly TimeCondition[];
  choices: ScheduleChoices;
  /** 'YYYY-MM-DD' in the tenant's zone: the year a yearly range is shown in. */
  today: string;
  saving?: boolean;
  /** Receives the stored form of valid values; the page saves the whole schedule. */
  onSave: (condition: TimeCondition) => void;
  onClose: () => void;
}

/**
 * The condition modal (spec 2.9): weekday time, specific date, or public holidays with the tenant's own
 * closed days (issue 17). Save runs the contract's form rules:
 * the first failing one is shown as an alert and every failing field is highlighted from then on.
 */
export function ConditionDialog({
  condition,
  others,
  choices,
  today,
  saving,
  onSave,
  onClose,
}: ConditionDialogProps) {
  const id = useId();
  const [form, setForm] = useState<ConditionForm>(() => conditionToForm(condition, today));
  const [submitted, setSubmitted] = useState(false);
  const result = validateConditionForm(form, others);
  const errors = submitted ? result.fields : {};
  const type = form.timeConditionType;
  const set = (patch: Partial<ConditionForm>) => setForm((current) => ({ ...current, ...patch }));

  const submit = () => {
    setSubmitted(true);
    if (result.message) showAlert(result.message);
    if (result.ok) onSave(formToCondition(form));
  };

  /** A labelled row; its help is the first error of the fields it holds. */
  const field = (
    names: ConditionFormField[],
    label: string,
    input: ReactNode,
    htmlFor: string | null = `${id}-${names[0]}`,
  ) => {
    const error = names.map((name) => errors[name]).find(Boolean);
    return (
      <Form.Item
        label={label}
        htmlFor={htmlFor ?? undefined}
        validateStatus={error ? 'error' : undefined}
        help={error}
        style={{ marginBottom: 12 }}
      >
        {input}
      </Form.Item>
    );
  };
  const { min, max } = ORDER_RANGES[type];

  return (
    <FormDialog
      title={conditionDialogTitle(type)}
      size={type === 'holiday' ? 'medium' : 'small'}
      saving={saving}
      onSave={submit}
      onClose={onClose}
    >
      {field(
        ['timeConditionName'],
        t.typedName(conditionTypeLabel(type)),
        <Input
          id={`${id}-timeConditionName`}
          value={form.timeConditionName}
          onChange={(event) => set({ timeConditionName: event.target.value })}
          maxLength={100}
        />,
      )}
      {field(
        ['timeConditionOrder'],
        t.order,
        <InputNumber
          id={`${id}-timeConditionOrder`}
          value={form.timeConditionOrder}
          onChange={(value) => set({ timeConditionOrder: typeof value === 'number' ? value : null })}
          precision={0}
          placeholder={`${min} ~ ${max}`}
          style={{ width: 140 }}
        />,
      )}
      {type === 'holiday' ? (
        <>
          <p style={{ margin: '0 0 12px' }}>{t.holidayNote}</p>
          {field(
            ['timeConditionClosedDays'],
            t.closedDays,
            <ClosedDaysInput
              id={`${id}-timeConditionClosedDays`}
              value={form.timeConditionClosedDays}
              onChange={(days) => set({ timeConditionClosedDays: days })}
              today={today}
              invalid={Boolean(errors.timeConditionClosedDays)}
            />,
            null,
          )}
        </>
      ) : type === 'wtime' ? (
        <>
          {field(['weekdays'], t.weekdays, <WeekdayToggles form={form} onToggle={set} />, null)}
          {field(
            ['timeTemp1', 'timeTemp2'],
            t.time,
            <TimeRange form={form} set={set} errors={errors} id={id} />,
          )}
        </>
      ) : (
        <>
          <Form.Item label=" " style={{ marginBottom: 4 }}>
            <Checkbox
              checked={type === 'mday'}
              onChange={(event) => setForm((current) => withYearly(current, event.target.checked))}
            >
              {t.yearly}
            </Checkbox>
          </Form.Item>
          {field(
            ['mdayTemp1', 'mdayTemp2'],
            t.date,
            <DateRange form={form} setForm={setForm} errors={errors} id={id} />,
          )}
          {type === 'date-time' &&
            field(
              ['timeTemp1', 'timeTemp2'],
              t.time,
              <TimeRange form={form} set={set} errors={errors} id={id} />,
            )}
        </>
      )}
      {field(
        ['timeConditionActionType'],
        t.selection,
        <Select<ActionType>
          id={`${id}-timeConditionActionType`}
          value={form.timeConditionActionType ?? undefined}
          onChange={(value) => set({ timeConditionActionType: value })}
          options={actionTypeOptions(form.timeConditionActionType)}
          placeholder={ja.pbx.dialog.selectPlaceholder}
          style={{ width: 200 }}
        />,
      )}
      {form.timeConditionActionType === 'action' &&
        field(
          ['timeConditionAction'],
          t.action,
          <ActionTargetSelect
            id={`${id}-timeConditionAction`}
            options={choices.actionOptions}
            value={form.timeConditionAction}
            onChange={(value) => set({ timeConditionAction: value })}
            invalid={Boolean(errors.timeConditionAction)}
          />,
        )}
      {form.timeConditionActionType === 'transfer' &&
        field(
          ['timeConditionTransfer'],
          t.transfer,
          <NumberInput
            id={`${id}-timeConditionTransfer`}
            value={form.timeConditionTransfer}
            onChange={(value) => set({ timeConditionTransfer: value })}
            maxLength={12}
            placeholder={t.transferPlaceholder(PHONE_EXAMPLE)}
          />,
        )}
      {form.timeConditionActionType === 'announce' &&
        field(
          ['timeConditionAnnounce'],
          t.announcement,
          <RecordingSelect
            id={`${id}-timeConditionAnnounce`}
            options={choices.recordings}
            value={form.timeConditionAnnounce}
            onChange={(value) => set({ timeConditionAnnounce: value })}
            invalid={Boolean(errors.timeConditionAnnounce)}
          />,
        )}
    </FormDialog>
  );
}

/** The dialog's action types (切断 always among them); a stored type outside the list keeps showing as such. */
function actionTypeOptions(current: ActionType | null) {
  const types =
    current && !CONDITION_ACTION_TYPES.includes(current)
      ? [...CONDITION_ACTION_TYPES, current]
      : CONDITION_ACTION_TYPES;
  return types.map((value) => ({ value, label: ACTION_TYPE_LABELS[value] }));
}

/** Sun…Sat toggles (timeCondition1…7), each switching between 'true' and 'false'. */
function WeekdayToggles({
  form,
  onToggle,
}: {
  form: ConditionForm;
  onToggle: (patch: Partial<ConditionForm>) => void;
}) {
  return (
    <Flex gap={4} role="group" aria-label={t.weekdays}>
      {WEEKDAY_KEYS.map((key, i) => {
        const on = form[key] === 'true';
        return (
          <Button
            key={key}
            type={on ? 'primary' : 'default'}
            aria-pressed={on}
            onClick={() => onToggle({ [key]: on ? 'false' : 'true' } as Partial<ConditionForm>)}
            style={{ width: 36 }}
          >
            {WEEKDAY_LABELS[i]}
          </Button>
        );
      })}
    </Flex>
  );
}

interface RangeProps {
  form: ConditionForm;
  errors: Partial<Record<ConditionFormField, string>>;
  id: string;
}

/** Two 24-hour pickers, from and to. */
function TimeRange({ form, set, errors, id }: RangeProps & { set: (patch: Partial<ConditionForm>) => void }) {
  return (
    <Flex gap={8} align="center">
      <TimePicker
        id={`${id}-timeTemp1`}
        aria-label={t.from}
        format={TIME_FORMAT}
        needConfirm={false}
        value={timeValue(form.timeTemp1)}
        onChange={(value) => set({ timeTemp1: timeText(value) })}
        status={errors.timeTemp1 ? 'error' : undefined}
      />
      <span>{t.rangeSeparator}</span>
      <TimePicker
        id={`${id}-timeTemp2`}
        aria-label={t.to}
        format={TIME_FORMAT}
        needConfirm={false}
        value={timeValue(form.timeTemp2)}
        onChange={(value) => set({ timeTemp2: timeText(value) })}
        status={errors.timeTemp2 ? 'error' : undefined}
      />
      {form.timeConditionType === 'wtime' && endsNextDay(form) && <span>{t.untilNextDay}</span>}
    </Flex>
  );
}

/** A weekday time whose end comes before its start runs past midnight into the next day. */
function endsNextDay(form: ConditionForm): boolean {
  const [from, to] = [parseTime(form.timeTemp1), parseTime(form.timeTemp2)];
  return from !== null && to !== null && to < from;
}

/** Two date pickers separated by '~'; picking the start moves the end to it and limits the end (spec 5 "Dates"). */
function DateRange({
  form,
  setForm,
  errors,
  id,
}: RangeProps & { setForm: (update: (form: ConditionForm) => ConditionForm) => void }) {
  const type = form.timeConditionType === 'mday' ? 'mday' : 'date-time';
  const bounds = endDateBounds(type, form.mdayTemp1);
  return (
    <Flex gap={8} align="center">
      <DatePicker
        id={`${id}-mdayTemp1`}
        aria-label={t.from}
        format={DATE_FORMAT}
        value={dateValue(form.mdayTemp1)}
        onChange={(value) => setForm((current) => withStartDate(current, dateText(value)))}
        status={errors.mdayTemp1 ? 'error' : undefined}
      />
      <span>{t.rangeSeparator}</span>
      <DatePicker
        id={`${id}-mdayTemp2`}
        aria-label={t.to}
        format={DATE_FORMAT}
        value={dateValue(form.mdayTemp2)}
        minDate={bounds ? (dateValue(bounds.min) ?? undefined) : undefined}
        maxDate={bounds ? (dateValue(bounds.max) ?? undefined) : undefined}
        onChange={(value) => setForm((current) => ({ ...current, mdayTemp2: dateText(value) }))}
        status={errors.mdayTemp2 ? 'error' : undefined}
      />
    </Flex>
  );
}
