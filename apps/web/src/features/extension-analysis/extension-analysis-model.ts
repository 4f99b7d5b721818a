import {
  callsHandled,
  changeRatio,
  EXTENSION_MEASURE_LABELS,
  type ExtensionAnalysisRow,
  type ExtensionFigures,
  type ExtensionMeasure,
} from '@tsunagu/contract/analysis/extension';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { durationText } from '../../shared/analysis/duration';
import { jaExtensionAnalysis as t } from './extension-analysis.ja';

/** A row with its place in the ranking. */
export type RankedRow = ExtensionAnalysisRow & { rank: number };

export interface ExtensionColumn extends GridColumn<RankedRow> {
  /** The definition shown in the header's tooltip. */
  hint?: string;
  numeric?: boolean;
}

/** The value of a measure in one period's figures. */
export function measureOf(f: ExtensionFigures, measure: ExtensionMeasure): number | null {
  return measure === 'handled' ? callsHandled(f) : f[measure];
}

/** "↑25.0%" / "↓10.0%" / "±0.0%" against the previous period; '' when there is nothing to compare. */
export function changeText(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return '';
  const ratio = changeRatio(current, previous);
  if (ratio === null) return '';
  const arrow = ratio > 0 ? '↑' : ratio < 0 ? '↓' : '±';
  return `${arrow}${Math.abs(ratio * 100).toFixed(1)}%`;
}

const valueText = (measure: ExtensionMeasure, value: number | null) =>
  value === null
    ? '-'
    : measure === 'talkSeconds' || measure === 'averageTalk'
      ? durationText(value)
      : String(value);

/** A measure's cell: this period's value and, where there is one, its change. */
export function measureText(row: ExtensionAnalysisRow, measure: ExtensionMeasure): string {
  const current = measureOf(row.current, measure);
  const change = changeText(current, measureOf(row.previous, measure));
  return change ? `${valueText(measure, current)} (${change})` : valueText(measure, current);
}

const MEASURES: ExtensionMeasure[] = [
  'handled',
  'inbound',
  'outbound',
  'internal',
  'missed',
  'talkSeconds',
  'averageTalk',
];

/** The table's columns, which are also exactly what the export writes. */
export const EXTENSION_COLUMNS: ExtensionColumn[] = [
  { key: 'rank', title: t.columns.rank, width: 60, numeric: true, text: (r) => String(r.rank) },
  { key: 'userNm', title: t.columns.userNm, width: 140, text: (r) => r.userNm },
  { key: 'extension', title: t.columns.extension, width: 80, text: (r) => r.extension ?? '' },
  ...MEASURES.map((measure): ExtensionColumn => ({
    key: measure,
    title: EXTENSION_MEASURE_LABELS[measure].label,
    hint: `${EXTENSION_MEASURE_LABELS[measure].definition}${t.changeHint}`,
    width: measure === 'talkSeconds' || measure === 'averageTalk' ? 150 : 110,
    numeric: true,
    text: (r) => measureText(r, measure),
  })),
];

/** Ranks rows (already ordered by the server) by calls handled; equal counts share a place. */
export function rankRows(rows: readonly ExtensionAnalysisRow[]): RankedRow[] {
  let rank = 0;
  let last = -1;
  return rows.map((row, index) => {
    const handled = callsHandled(row.current);
    if (handled !== last) rank = index + 1;
    last = handled;
    return { ...row, rank };
  });
}

/** Calls per local hour summed over every user. */
export function hourTotals(rows: readonly ExtensionAnalysisRow[], period: 'current' | 'previous'): number[] {
  const totals = Array.from({ length: 24 }, () => 0);
  for (const row of rows) row[period].byHour.forEach((n, hour) => (totals[hour]! += n));
  return totals;
}
