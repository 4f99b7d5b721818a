import type { ClosedDay } from '@tsunagu/contract/schedule/schema';
import { Button, Checkbox, DatePicker, Flex, Input } from 'antd';
import { ja } from '../../shared/i18n/ja';
import { DATE_FORMAT, dateText, dateValue } from './picker-values';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;
/** A yearly closed day is stored 'MM-DD'; the picker shows it in a leap year, so 02-29 can be picked. */
const YEARLY_FORMAT = 'MM-DD';
const LEAP_YEAR = '2000';
const YEARLY = /^\d{2}-\d{2}$/;

export interface ClosedDaysInputProps {
  id: string;
  value: readonly ClosedDay[];
  onChange: (days: ClosedDay[]) => void;
  /** 'YYYY-MM-DD' today: a yearly day made one-off lands in this year. */
  today: string;
  invalid?: boolean;
}

/** The tenant's own closed days of a holiday rule: a name and a date, every year ('MM-DD') or once. */
export function ClosedDaysInput({ id, value, onChange, today, invalid }: ClosedDaysInputProps) {
  const update = (index: number, patch: Partial<ClosedDay>) =>
    onChange(value.map((day, i) => (i === index ? { ...day, ...patch } : day)));
  const status = invalid ? 'error' : undefined;
  return (
    <Flex vertical gap={8} id={id} role="group" aria-label={t.closedDays}>
      {value.map((day, index) => {
        const yearly = YEARLY.test(day.date) || day.date === '';
        return (
          <Flex key={index} gap={8} align="center">
            <Input
              aria-label={t.closedDayName}
              value={day.name}
              placeholder={t.closedDayNamePlaceholder}
              maxLength={50}
              status={status && !day.name.trim() ? status : undefined}
              onChange={(event) => update(index, { name: event.target.value })}
              style={{ width: 160 }}
            />
            <Checkbox
              checked={yearly}
              onChange={(event) =>
                update(index, { date: switchYearly(day.date, event.target.checked, today) })
              }
            >
              {t.closedDayYearly}
            </Checkbox>
            <DatePicker
              aria-label={t.closedDayDate}
              format={yearly ? YEARLY_FORMAT : DATE_FORMAT}
              value={dateValue(yearly && day.date ? `${LEAP_YEAR}-${day.date}` : day.date)}
              status={status && !day.date ? status : undefined}
              onChange={(picked) => {
                const date = dateText(picked);
                update(index, { date: yearly ? date.slice(5) : date });
              }}
              style={{ width: 140 }}
            />
            <Button
              danger
              aria-label={t.removeClosedDay(day.name)}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              {ja.pbx.list.remove}
            </Button>
          </Flex>
        );
      })}
      <div>
        <Button onClick={() => onChange([...value, { name: '', date: '' }])}>{t.addClosedDay}</Button>
      </div>
    </Flex>
  );
}

/**
 * A closed day's date when its 毎年 box changes: 'YYYY-MM-DD' ⇄ 'MM-DD' (a one-off day lands in today's
 * year); an empty date becomes today when made one-off, so the box shows what was chosen.
 */
function switchYearly(date: string, yearly: boolean, today: string): string {
  if (yearly) return date.length === 10 ? date.slice(5) : date;
  return date ? `${today.slice(0, 4)}-${date}` : today;
}
