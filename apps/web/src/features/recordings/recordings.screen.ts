import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/recording',
  lazy: () => import('./recordings-page').then((m) => ({ Component: m.RecordingsPage })),
};
