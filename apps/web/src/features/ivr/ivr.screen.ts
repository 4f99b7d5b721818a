import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/ivr',
  lazy: () => import('./ivr-page').then((m) => ({ Component: m.IvrPage })),
};
