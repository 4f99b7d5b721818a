import { ja } from '../../shared/i18n/ja';
import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/cust/management/:number',
  title: ja.titles.custRecord,
  lazy: () => import('./customer-record-page').then((m) => ({ Component: m.CustomerRecordPage })),
};
