import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/system/sp-user',
  lazy: () => import('./sp-users-page').then((m) => ({ Component: m.SpUsersPage })),
};
