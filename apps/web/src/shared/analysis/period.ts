import { periodSchema, type Period } from '@tsunagu/contract/analysis/period';
import type { UserInfo } from '@tsunagu/contract/auth';
import { DEFAULT_TIME_ZONE, isTimeZone, todayIn } from '@tsunagu/contract/schedule/zone';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dayjs, type Dayjs } from '../dayjs';
import { useUserInfo } from '../session/session-store';

export const DATE_FORMAT = 'YYYY-MM-DD';

const period = (from: Dayjs, to: Dayjs): Period => ({
  from: from.format(DATE_FORMAT),
  to: to.format(DATE_FORMAT),
});

/**
 * Today's date in the tenant's time zone, not the browser's: a day of the analyses starts at 00:00 where
 * the tenant is (a browser in Los Angeles looking at a Tokyo tenant gets Tokyo's today).
 */
export function useTenantToday(): string {
  return tenantToday(useUserInfo());
}

/** The tenant's today for a user's info (useTenantToday outside React: a route's prefetch). */
export function tenantToday({ domain }: UserInfo): string {
  return todayIn(isTimeZone(domain.timeZone) ? domain.timeZone : DEFAULT_TIME_ZONE);
}

/**
 * The analyses' quick choices from the tenant's today ('YYYY-MM-DD'), weeks starting on Monday as
 * Japanese calendars do. The arithmetic is on calendar dates only, so the browser's zone plays no part.
 */
export function periodPresets(tenantToday: string): { label: string; period: Period }[] {
  const today: Dayjs = dayjs(tenantToday);
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

/** 今月 in the tenant's calendar: the analyses' period when the URL names none. */
export const thisMonth = (tenantToday: string): Period =>
  periodPresets(tenantToday).find((p) => p.label === '今月')!.period;

/** The period a URL's ?from=&to= names, or the tenant's current month when it names none readable. */
export function readPeriod(params: URLSearchParams, today: string): Period {
  const parsed = periodSchema.safeParse({ from: params.get('from'), to: params.get('to') });
  return parsed.success ? parsed.data : thisMonth(today);
}

/**
 * A screen's period and other choices kept in the URL (?from=&to=&…), so that a view can be
 * bookmarked and shared; an unreadable period falls back to the tenant's current month.
 */
export function useAnalysisParams() {
  const [params, setParams] = useSearchParams();
  const today = useTenantToday();
  const from = params.get('from');
  const to = params.get('to');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the period changes only with from, to and today
  const current = useMemo(() => readPeriod(params, today), [from, to, today]);
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
