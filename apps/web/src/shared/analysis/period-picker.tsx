import type { Period } from '@tsunagu/contract/analysis/period';
import { DatePicker } from 'antd';
import { useMemo } from 'react';
import { dayjs } from '../dayjs';
import { DATE_FORMAT, periodPresets, useTenantToday } from './period';

/** The analyses' period: a date range with presets (今日, 昨日, 今週 …), both days included. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const today = useTenantToday();
  const presets = useMemo(
    () =>
      periodPresets(today).map(({ label, period }) => ({
        label,
        value: [dayjs(period.from), dayjs(period.to)] as [ReturnType<typeof dayjs>, ReturnType<typeof dayjs>],
      })),
    [today],
  );
  return (
    <DatePicker.RangePicker
      aria-label="期間"
      allowClear={false}
      presets={presets}
      value={[dayjs(value.from), dayjs(value.to)]}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        if (from && to) onChange({ from: from.format(DATE_FORMAT), to: to.format(DATE_FORMAT) });
      }}
    />
  );
}
