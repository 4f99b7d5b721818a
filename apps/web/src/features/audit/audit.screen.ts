import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/system/audit',
  lazy: () => import('./audit-page').then((m) => ({ Component: m.AuditPage })),
};
