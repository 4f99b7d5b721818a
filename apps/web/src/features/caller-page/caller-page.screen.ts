import { ja } from '../../shared/i18n/ja';
import type { Screen } from '../../shared/screen';

export const screen: Screen = {
  path: '/sandbox/caller',
  title: ja.callerPage.title,
  lazy: () => import('./caller-page').then((m) => ({ Component: m.CallerPage })),
};
