import { CALL_GROUPINGS, type CallGrouping } from '@tsunagu/contract/analysis/calls';
import type { Period } from '@tsunagu/contract/analysis/period';
import { analysisEndpoints } from '@tsunagu/contract/endpoints/analysis';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@tsunagu/contract/auth';
import { fetchData } from '../../shared/api/client';
import { ANALYSIS_FRESH_MS, prefetchPeriod } from '../../shared/analysis/analysis-query';

const isGrouping = (value: string | null): value is CallGrouping =>
  (CALL_GROUPINGS as readonly (string | null)[]).includes(value);

/** 発着信分析's question as the URL asks it (?group=&number=&business=1&holidays=exclude). */
export function lineAnalysisBody(params: URLSearchParams, period: Period) {
  const requested = params.get('group');
  return {
    ...period,
    grouping: isGrouping(requested) ? requested : ('day' as CallGrouping),
    incomingNumber: params.get('number'),
    businessHoursOnly: params.get('business') === '1',
    excludeHolidays: params.get('holidays') === 'exclude',
  };
}

/** The screen's query: the same key for the route's prefetch and the screen. */
export const lineAnalysisQuery = (body: ReturnType<typeof lineAnalysisBody>) =>
  queryOptions({
    queryKey: ['analysis', 'line', body],
    queryFn: () => fetchData(analysisEndpoints.lineAnalysis, { body }),
    staleTime: ANALYSIS_FRESH_MS,
  });

export const prefetchLineAnalysis = (client: QueryClient, params: URLSearchParams, user: UserInfo) =>
  client.prefetchQuery(lineAnalysisQuery(lineAnalysisBody(params, prefetchPeriod(params, user))));
