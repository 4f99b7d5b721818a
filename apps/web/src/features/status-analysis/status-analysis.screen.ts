import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/analy/status',
  lazy: () => import('./status-analysis-page').then((m) => ({ Component: m.StatusAnalysisPage })),
};
