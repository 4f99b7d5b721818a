import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/analy/status',
  lazy: () => import('./status-analysis-page').then((m) => ({ Component: m.StatusAnalysisPage })),
  prefetch: (...request) =>
    import('./status-analysis-query').then((m) => m.prefetchStatusAnalysis(...request)),
  warm: true,
};
