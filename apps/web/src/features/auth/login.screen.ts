import { ja } from '../../shared/i18n/ja';
import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/login',
  title: ja.titles.login,
  lazy: () => import('./login-page').then((m) => ({ Component: m.LoginPage })),
};
