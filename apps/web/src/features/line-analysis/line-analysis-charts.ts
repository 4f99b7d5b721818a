import { ISO_WEEKDAY_LABELS, LINE_MEASURE_LABELS } from '@tsunagu/contract/analysis/calls';
import type { ChartOption } from '../../shared/charts/echart';
import { jaLineAnalysis as t } from './line-analysis.ja';
import type { LineRow } from './line-analysis-model';

const COLORS = { incoming: '#1677ff', answered: '#52c41a', missed: '#ff4d4f', answerRate: '#fa8c16' };
const COUNTS = ['incoming', 'answered', 'missed'] as const;

/** Incoming, answered and missed calls per group as bars, the answer rate as a line on its own axis. */
export function callsChartOption(rows: readonly LineRow[]): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8, outerBoundsMode: 'same' },
    xAxis: { type: 'category', data: rows.map((row) => row.label) },
    yAxis: [
      { type: 'value', name: t.count, minInterval: 1 },
      {
        type: 'value',
        name: LINE_MEASURE_LABELS.answerRate.label,
        min: 0,
        max: 100,
        axisLabel: { formatter: '{value}%' },
        splitLine: { show: false },
      },
    ],
    series: [
      ...COUNTS.map((measure) => ({
        type: 'bar' as const,
        name: LINE_MEASURE_LABELS[measure].label,
        itemStyle: { color: COLORS[measure] },
        data: rows.map((row) => row.figures[measure]),
      })),
      {
        type: 'line',
        name: LINE_MEASURE_LABELS.answerRate.label,
        yAxisIndex: 1,
        itemStyle: { color: COLORS.answerRate },
        connectNulls: true,
        tooltip: { valueFormatter: (v) => (v === null || v === undefined ? '-' : `${String(v)}%`) },
        data: rows.map((row) =>
          row.figures.answerRate === null ? null : Math.round(row.figures.answerRate * 1000) / 10,
        ),
      },
    ],
  };
}

const HOURS = Array.from({ length: 24 }, (_, hour) => t.hour(hour));

/** Weekday (rows, Monday on top) × local hour (columns): the darker, the more calls. */
export function heatmapOption(
  cells: readonly (readonly number[])[],
  color: string,
  name: string,
): ChartOption {
  const data = cells.flatMap((hours, weekday) => hours.map((count, hour) => [hour, weekday, count]));
  const max = Math.max(1, ...data.map(([, , count]) => count ?? 0));
  return {
    tooltip: {
      formatter: (item) => {
        const [hour, weekday, count] = (item as { value: number[] }).value;
        return `${ISO_WEEKDAY_LABELS[weekday ?? 0]} ${t.hour(hour ?? 0)}台: ${count ?? 0}件`;
      },
    },
    grid: { left: 8, right: 8, top: 8, bottom: 48, outerBoundsMode: 'same' },
    xAxis: { type: 'category', data: HOURS, splitArea: { show: true } },
    yAxis: { type: 'category', data: [...ISO_WEEKDAY_LABELS], inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max,
      text: [`${max}件`, '0件'],
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      itemWidth: 12,
      inRange: { color: ['#ffffff', color] },
    },
    series: [{ type: 'heatmap', name, data, label: { show: false } }],
  };
}

export const HEATMAP_COLORS = { incoming: COLORS.incoming, missed: COLORS.missed };
