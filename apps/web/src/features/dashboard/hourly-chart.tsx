import { useMemo } from 'react';
import { EChart, type ChartOption } from '../../shared/charts/echart';
import { jaDashboard as t } from './dashboard.ja';

/** Incoming calls per hour today (bars) beside the same weekday last week (line). */
export function HourlyChart({
  today,
  lastWeek,
  lastWeekDate,
}: {
  today: number[];
  lastWeek: number[];
  lastWeekDate: string;
}) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 32, bottom: 8, outerBoundsMode: 'same' },
      xAxis: { type: 'category', data: today.map((_, h) => t.hour(h)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { type: 'bar', name: t.today, data: today, itemStyle: { color: '#1677ff' } },
        {
          type: 'line',
          name: t.lastWeek(lastWeekDate),
          data: lastWeek,
          itemStyle: { color: '#8c8c8c' },
          lineStyle: { type: 'dashed' },
        },
      ],
    }),
    [today, lastWeek, lastWeekDate],
  );
  return <EChart option={option} height={220} label={t.hourly} />;
}
