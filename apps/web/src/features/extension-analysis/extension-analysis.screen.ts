import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/analy/exten',
  lazy: () => import('./extension-analysis-page').then((m) => ({ Component: m.ExtensionAnalysisPage })),
  prefetch: (...request) =>
    import('./extension-analysis-query').then((m) => m.prefetchExtensionAnalysis(...request)),
  warm: true,
};
