import type { Period } from '@tsunagu/contract/analysis/period';
import { analysisEndpoints } from '@tsunagu/contract/endpoints/analysis';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@tsunagu/contract/auth';
import { fetchData } from '../../shared/api/client';
import { ANALYSIS_FRESH_MS, prefetchPeriod } from '../../shared/analysis/analysis-query';

/** The screen's query, for everyone (null) or one user: the same key for the route's prefetch and the screen. */
export const statusAnalysisQuery = (period: Period, userUuid: string | null) =>
  queryOptions({
    queryKey: ['analysis', 'status', period, userUuid],
    queryFn: () => fetchData(analysisEndpoints.statusAnalysis, { body: { ...period, userUuid } }),
    staleTime: ANALYSIS_FRESH_MS,
  });

/** One user's view also lists everyone (the user picker): both asked for, as the screen does. */
export async function prefetchStatusAnalysis(client: QueryClient, params: URLSearchParams, user: UserInfo) {
  const period = prefetchPeriod(params, user);
  const userUuid = params.get('user');
  await Promise.all([
    client.prefetchQuery(statusAnalysisQuery(period, userUuid)),
    userUuid !== null && client.prefetchQuery(statusAnalysisQuery(period, null)),
  ]);
}
