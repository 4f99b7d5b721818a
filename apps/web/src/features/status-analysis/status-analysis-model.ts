import {
  STATUS_ANALYSIS_DEFINITIONS,
  type StatusAnalysisRow,
  type StatusSegment,
} from '@tsunagu/contract/analysis/status';
import {
  USER_STATUS_HINTS,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type UserStatus,
} from '@tsunagu/contract/user-status';
import { durationText } from '../../shared/analysis/duration';
import { dayjs } from '../../shared/dayjs';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { jaStatusAnalysis as t } from './status-analysis.ja';

export { durationText };

export const percentText = (ratio: number | null) => (ratio === null ? '-' : `${(ratio * 100).toFixed(1)}%`);

/** The statuses the table and chart show: signed-in ones (ログアウト is the rest of the day). */
export const SHOWN_STATUSES = USER_STATUSES.filter((s) => s !== 'signedOut');

export interface StatusColumn extends GridColumn<StatusAnalysisRow> {
  /** The definition shown in the header's tooltip. */
  hint?: string;
}

/** The table's columns, which are also exactly what the export writes. */
export const STATUS_COLUMNS: StatusColumn[] = [
  { key: 'userNm', title: t.columns.userNm, width: 140, text: (r) => r.userNm },
  { key: 'extension', title: t.columns.extension, width: 80, text: (r) => r.extension ?? '' },
  {
    key: 'signedIn',
    title: t.columns.signedIn,
    width: 120,
    hint: STATUS_ANALYSIS_DEFINITIONS.signedIn,
    text: (r) => durationText(r.signedInSeconds),
  },
  ...SHOWN_STATUSES.map((status): StatusColumn => ({
    key: status,
    title: USER_STATUS_LABELS[status],
    width: 100,
    hint: status === 'onCall' ? STATUS_ANALYSIS_DEFINITIONS.onCall : USER_STATUS_HINTS[status],
    text: (r) => durationText(r.seconds[status]),
  })),
  {
    key: 'occupancy',
    title: t.columns.occupancy,
    width: 90,
    hint: STATUS_ANALYSIS_DEFINITIONS.occupancy,
    text: (r) => percentText(r.occupancy),
  },
];

/** One local day of the timeline: its stretches as fractions of the day (0–1). */
export interface TimelineDay {
  date: string;
  parts: { status: UserStatus; start: number; end: number; from: string; to: string }[];
}

/**
 * Splits stretches into local days (the browser's zone: the console is used where the tenant is),
 * each part a fraction of its day. Days without any status are left out.
 */
export function timelineDays(segments: readonly StatusSegment[]): TimelineDay[] {
  const days = new Map<number, TimelineDay>();
  for (const segment of segments) {
    let start = dayjs(segment.start);
    const end = dayjs(segment.end);
    while (start.isBefore(end)) {
      const day = start.startOf('day');
      const dayEnd = day.add(1, 'day');
      const next = end.isBefore(dayEnd) ? end : dayEnd;
      const length = dayEnd.diff(day);
      const entry = days.get(day.valueOf()) ?? { date: day.format('YYYY/MM/DD(dd)'), parts: [] };
      days.set(day.valueOf(), entry);
      entry.parts.push({
        status: segment.status,
        start: start.diff(day) / length,
        end: next.diff(day) / length,
        from: start.format('HH:mm'),
        to: next.isSame(dayEnd) ? '24:00' : next.format('HH:mm'),
      });
      start = next;
    }
  }
  return [...days.entries()].sort(([a], [b]) => a - b).map(([, day]) => day);
}
