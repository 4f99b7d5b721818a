import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/analy/line',
  lazy: () => import('./line-analysis-page').then((m) => ({ Component: m.LineAnalysisPage })),
  prefetch: (...request) => import('./line-analysis-query').then((m) => m.prefetchLineAnalysis(...request)),
  warm: true,
};
