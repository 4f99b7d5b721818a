import {
  ISO_WEEKDAY_LABELS,
  LINE_MEASURE_LABELS,
  LINE_MEASURES,
  type CallGrouping,
  type LineAnalysis,
  type LineFigures,
  type LineMeasure,
} from '@tsunagu/contract/analysis/calls';
import type { Period } from '@tsunagu/contract/analysis/period';
import { dayjs, type Dayjs } from '../../shared/dayjs';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { jaLineAnalysis as t } from './line-analysis.ja';

/** One line of the table: a group (or the total) and its figures. */
export interface LineRow {
  key: string;
  label: string;
  figures: LineFigures;
}

/** Seconds as m:ss (minutes may pass 60); '-' when there is nothing to average. */
export function minutesText(seconds: number | null): string {
  if (seconds === null) return '-';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const rateText = (ratio: number | null) => (ratio === null ? '-' : `${(ratio * 100).toFixed(1)}%`);

const DURATIONS: readonly LineMeasure[] = ['averageWait', 'longestWait', 'averageTalk'];

/** A measure's cell: durations as m:ss, the rate as %, counts as numbers. */
export function measureText(measure: LineMeasure, figures: LineFigures): string {
  const value = figures[measure];
  if (measure === 'answerRate') return rateText(value);
  if (DURATIONS.includes(measure)) return minutesText(value);
  return value === null ? '-' : value.toLocaleString('ja-JP');
}

/** A group's key as the reader says it: '9' → 9時, '1' → 月, '2026-11' → 2026年11月. */
export function groupLabel(grouping: CallGrouping, key: string): string {
  switch (grouping) {
    case 'hour':
      return t.hour(Number(key));
    case 'weekday':
      return ISO_WEEKDAY_LABELS[Number(key) - 1] ?? key;
    case 'day':
      return dayjs(key).format('YYYY/MM/DD(dd)');
    case 'week':
      return t.week(dayjs(key).format('YYYY/MM/DD'));
    case 'month': {
      const [year, month] = key.split('-').map(Number);
      return t.month(year ?? 0, month ?? 0);
    }
  }
}

const EMPTY: LineFigures = {
  incoming: 0,
  answered: 0,
  missed: 0,
  abandonedIvr: 0,
  outOfHours: 0,
  answerRate: null,
  averageWait: null,
  longestWait: null,
  outgoing: 0,
  connected: 0,
  averageTalk: null,
  distinctCallers: 0,
};

/** Steps from one date to the next, keyed as the server keys its groups. */
function datesBetween(from: Dayjs, to: Dayjs, unit: 'day' | 'week' | 'month', format: string): string[] {
  const keys: string[] = [];
  for (let at = from; !at.isAfter(to); at = at.add(1, unit)) keys.push(at.format(format));
  return keys;
}

/** Every group of the period in order, also those without calls (a quiet hour is a figure too). */
export function groupKeys(grouping: CallGrouping, period: Period): string[] {
  const from = dayjs(period.from);
  const to = dayjs(period.to);
  switch (grouping) {
    case 'hour':
      return Array.from({ length: 24 }, (_, hour) => String(hour));
    case 'weekday':
      return Array.from({ length: 7 }, (_, index) => String(index + 1));
    case 'day':
      return datesBetween(from, to, 'day', 'YYYY-MM-DD');
    case 'week':
      return datesBetween(from.subtract((from.day() + 6) % 7, 'day'), to, 'week', 'YYYY-MM-DD');
    case 'month':
      return datesBetween(from.startOf('month'), to, 'month', 'YYYY-MM');
  }
}

/** The table's rows: every group of the period (server figures or zeros), in order. */
export function lineRows(answer: LineAnalysis, grouping: CallGrouping, period: Period): LineRow[] {
  const byKey = new Map(answer.groups.map((group) => [group.key, group.figures]));
  const keys = groupKeys(grouping, period);
  // Groups outside the expected keys (should the server's calendar differ) are still shown.
  const extra = [...byKey.keys()].filter((key) => !keys.includes(key)).sort();
  return [...keys, ...extra].map((key) => ({
    key,
    label: groupLabel(grouping, key),
    figures: byKey.get(key) ?? EMPTY,
  }));
}

export const totalRow = (answer: LineAnalysis): LineRow => ({
  key: 'total',
  label: t.total,
  figures: answer.total,
});

export interface LineColumn extends GridColumn<LineRow> {
  /** The definition shown in the header's tooltip. */
  hint?: string;
}

/** The table's columns, which are also exactly what the export writes. */
export const lineColumns = (grouping: CallGrouping): LineColumn[] => [
  { key: 'label', title: t.groupColumn[grouping], width: 140, text: (row) => row.label },
  ...LINE_MEASURES.map((measure): LineColumn => ({
    key: measure,
    title: LINE_MEASURE_LABELS[measure].label,
    hint: LINE_MEASURE_LABELS[measure].definition,
    // Wide enough for the header on one line.
    width: Math.max(80, LINE_MEASURE_LABELS[measure].label.length * 14 + 32),
    text: (row) => measureText(measure, row.figures),
  })),
];
