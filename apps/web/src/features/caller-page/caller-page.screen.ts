import type { Screen } from '../../shared/screen';
import { callerPageJa } from './caller-page.ja';

export const screen: Screen = {
  path: '/sandbox/caller',
  title: callerPageJa.title,
  lazy: () => import('./caller-page').then((m) => ({ Component: m.CallerPage })),
};
