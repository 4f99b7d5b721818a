import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/system/user',
  lazy: () => import('./users-page').then((m) => ({ Component: m.UsersPage })),
};
