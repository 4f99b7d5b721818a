import type { Period } from '@tsunagu/contract/analysis/period';
import { analysisEndpoints } from '@tsunagu/contract/endpoints/analysis';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@tsunagu/contract/auth';
import { fetchData } from '../../shared/api/client';
import { ANALYSIS_FRESH_MS, prefetchPeriod } from '../../shared/analysis/analysis-query';

/** The screen's query: the same key for the route's prefetch and the screen. */
export const extensionAnalysisQuery = (period: Period) =>
  queryOptions({
    queryKey: ['analysis', 'extension', period],
    queryFn: () => fetchData(analysisEndpoints.extensionAnalysis, { body: period }),
    staleTime: ANALYSIS_FRESH_MS,
  });

export const prefetchExtensionAnalysis = (client: QueryClient, params: URLSearchParams, user: UserInfo) =>
  client.prefetchQuery(extensionAnalysisQuery(prefetchPeriod(params, user)));
