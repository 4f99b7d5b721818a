import { paths } from '../../shared/paths';
import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: paths.cust.cdr.path,
  lazy: () => import('./tenant-calls-page').then((m) => ({ Component: m.TenantCallsPage })),
};
