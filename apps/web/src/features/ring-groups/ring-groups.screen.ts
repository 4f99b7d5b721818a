import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/ring-group',
  lazy: () => import('./ring-groups-page').then((m) => ({ Component: m.RingGroupsPage })),
};
