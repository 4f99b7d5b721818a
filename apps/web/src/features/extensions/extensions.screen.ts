import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/pbx/extension',
  lazy: () => import('./extensions-page').then((m) => ({ Component: m.ExtensionsPage })),
};
