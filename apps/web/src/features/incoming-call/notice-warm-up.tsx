import { notification } from 'antd';

/**
 * The ring's toast (incoming-notice.ts) as antd draws it, for the idle warm-up after sign-in
 * (app/idle-warm.tsx): antd computes a notification's styles only when the first one opens, which was
 * the first ring's (issue 19). antd's own docs draw their demos with this panel; it has no portal and
 * no timer. No text: it is never shown.
 */
export function IncomingNoticeWarmUp() {
  return <notification._InternalPanelDoNotUseOrYouWillBeFired type="info" title="" description="" />;
}
