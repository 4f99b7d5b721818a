import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/destination',
  lazy: () => import('./destinations-page').then((m) => ({ Component: m.DestinationsPage })),
};
