import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/dashboard',
  lazy: () => import('./dashboard-page').then((m) => ({ Component: m.DashboardPage })),
};
