import { ja } from '../../shared/i18n/ja';
import { paths } from '../../shared/paths';
import type { Screen } from '../../shared/screen';

/** /voicemail: one's own voicemail messages and the box's settings (no menu item: the header opens it). */
export const screen: Screen = {
  path: paths.voicemail.path,
  title: ja.titles.voicemail,
  lazy: () => import('./voicemail-page').then((m) => ({ Component: m.VoicemailPage })),
};
