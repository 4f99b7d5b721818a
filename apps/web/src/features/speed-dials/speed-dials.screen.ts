import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/speed-dial',
  lazy: () => import('./speed-dials-page').then((m) => ({ Component: m.SpeedDialsPage })),
};
