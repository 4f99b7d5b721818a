import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/system/admin',
  lazy: () => import('./tenants-page').then((m) => ({ Component: m.TenantsPage })),
};
