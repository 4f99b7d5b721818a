import { redirect, type LoaderFunctionArgs } from 'react-router';
import { rememberReturnUrl } from '../shared/session/return-url';
import { getSession } from '../shared/session/session-store';
import { paths } from './paths';

/**
 * Loader of the protected shell: without a session the visit goes to /login, remembering the
 * requested URL so a deep link opens after sign-in.
 */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (getSession()) return null;
  const url = new URL(request.url);
  rememberReturnUrl(url.pathname + url.search);
  throw redirect(paths.login.href());
}
