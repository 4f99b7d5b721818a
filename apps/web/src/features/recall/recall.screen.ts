import { ja } from '../../shared/i18n/ja';
import { paths } from '../../shared/paths';
import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: paths.cust.recall.path,
  title: ja.titles.custRecall,
  lazy: () => import('./recall-page').then((m) => ({ Component: m.RecallPage })),
};
