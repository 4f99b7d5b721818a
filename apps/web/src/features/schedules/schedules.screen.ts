import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/time',
  lazy: () => import('./schedules-page').then((m) => ({ Component: m.SchedulesPage })),
};
