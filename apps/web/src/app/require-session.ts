import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { fetchData } from '../shared/api/client';
import { rememberReturnUrl } from '../shared/session/return-url';
import {
  endSession,
  getSession,
  sessionExpired,
  subscribeSession,
  type Session,
} from '../shared/session/session-store';
import { paths } from '../shared/paths';

const isLoginPath = (pathname: string) => pathname === paths.login.href();

/** The session, unless its token's time has run out as far as this browser can tell (then it ends). */
function liveSession(): Session | null {
  const session = getSession();
  if (session && sessionExpired()) {
    endSession();
    return null;
  }
  return session;
}

/**
 * Loader of the protected shell: without a session the visit goes to /login, remembering the
 * requested URL so a deep link opens after sign-in.
 */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (liveSession()) return null;
  const url = new URL(request.url);
  rememberReturnUrl(url.pathname + url.search);
  throw redirect(paths.login.href());
}

/**
 * Run before the router starts. A visit without a live session (none, or its time is up) is moved to
 * /login at once, remembering where it was going: the router never starts loading the shell's code,
 * which it would wait for before following the loader's redirect. A stored session is checked with
 * the server straight away, while the shell's code loads: a revoked one answers 401, which ends it.
 */
export function routeVisitBySession(): void {
  const { pathname, search, hash } = window.location;
  if (isLoginPath(pathname)) return;
  const session = liveSession();
  if (session) {
    // The API client turns a 401 into a remembered URL and an ended session; nothing else to do here.
    fetchData(authEndpoints.userInfo, { params: { username: session.user.user.id } }).catch(() => undefined);
    return;
  }
  rememberReturnUrl(pathname + search + hash);
  window.history.replaceState(null, '', paths.login.href());
}

/** What of the router leaveForLoginWhenSessionEnds needs. */
interface NavigatingRouter {
  readonly state: { readonly location: { readonly pathname: string } };
  navigate(to: string, options: { replace: boolean }): Promise<void>;
}

/**
 * When the session ends (logout, a 401, a forced sign-out) the app goes to /login at once, also while
 * the first screen's code is still loading (a new navigation replaces the one under way).
 */
export function leaveForLoginWhenSessionEnds(router: NavigatingRouter): () => void {
  return subscribeSession(() => {
    if (getSession() || isLoginPath(router.state.location.pathname)) return;
    void router.navigate(paths.login.href(), { replace: true });
  });
}
