import { paths } from '../paths';
import { getSession } from './session-store';
import { askOtherTabs, shareSessionBetweenTabs } from './tab-session';

/**
 * How long a new tab waits for another tab's session before it goes to /login. The other tabs answer
 * within milliseconds; the wait is only ever spent in full when no tab of this browser is signed in.
 */
const ASK_WAIT_MS = 200;

shareSessionBetweenTabs();
// A tab opened without a session (a link, a new tab, a bookmark) first asks the browser's other tabs
// for theirs, before the router decides whether the visit needs /login. The login page itself asks
// without waiting and enters as soon as an answer comes (login-page.tsx).
if (!getSession()) {
  const asking = askOtherTabs(ASK_WAIT_MS);
  if (window.location.pathname !== paths.login.href()) await asking;
}
