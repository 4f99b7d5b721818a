import { ja } from '../../shared/i18n/ja';
import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/help',
  title: ja.titles.help,
  lazy: () => import('./help-page').then((m) => ({ Component: m.HelpPage })),
};
