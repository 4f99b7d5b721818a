import { periodSchema, type Period } from '@tsunagu/contract/analysis/period';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dayjs, type Dayjs } from '../dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';

const period = (from: Dayjs, to: Dayjs): Period => ({
  from: from.format(DATE_FORMAT),
  to: to.format(DATE_FORMAT),
});

/** The analyses' quick choices, weeks starting on Monday as Japanese calendars do. */
export function periodPresets(today: Dayjs = dayjs()): { label: string; period: Period }[] {
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: '今日', period: period(today, today) },
    { label: '昨日', period: period(today.subtract(1, 'day'), today.subtract(1, 'day')) },
    { label: '今週', period: period(monday, today) },
    { label: '先週', period: period(monday.subtract(7, 'day'), monday.subtract(1, 'day')) },
    { label: '今月', period: period(today.startOf('month'), today) },
    { label: '先月', period: period(lastMonth.startOf('month'), lastMonth.endOf('month')) },
    { label: '過去7日間', period: period(today.subtract(6, 'day'), today) },
    { label: '過去30日間', period: period(today.subtract(29, 'day'), today) },
    { label: '今年', period: period(today.startOf('year'), today) },
  ];
}

/**
 * A screen's period and other choices kept in the URL (?from=&to=&…), so that a view can be
 * bookmarked and shared; an unreadable period falls back to `fallback`.
 */
export function useAnalysisParams(fallback: () => Period) {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const current = useMemo(() => {
    const parsed = periodSchema.safeParse({ from, to });
    return parsed.success ? parsed.data : fallback();
    // The fallback is read once per URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, to]);
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  return { period: current, params, set };
}
