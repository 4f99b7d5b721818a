const RETURN_URL_KEY = 'return_url';
/** Who last signed in on this tab; kept after sign-out, so a page visited then is known to be theirs. */
const LAST_USER_KEY = 'last_user';

/** True for an in-app path worth returning to (never the login page, never another origin). */
function isReturnable(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !/^\/login(?:[/?#]|$)/.test(url);
}

/** Notes who signed in on this tab (at every sign-in): the URLs remembered from now on are theirs. */
export function rememberSignedInUser(username: string): void {
  sessionStorage.setItem(LAST_USER_KEY, username);
}

/**
 * Remembers where the user was so the next login returns there (spec 2.1: HTTP 401), for the user
 * who last signed in on this tab: after a sign-out, pressing Back must not send the next person to
 * the previous user's customer page.
 */
export function rememberReturnUrl(url: string): void {
  if (!isReturnable(url)) return;
  sessionStorage.setItem(
    RETURN_URL_KEY,
    JSON.stringify({ url, user: sessionStorage.getItem(LAST_USER_KEY) }),
  );
}

/**
 * The remembered URL when it belongs to `username` (or to nobody: a link opened before anyone signed
 * in on this tab), forgotten once read; null otherwise.
 */
export function takeReturnUrl(username: string): string | null {
  const stored = sessionStorage.getItem(RETURN_URL_KEY);
  sessionStorage.removeItem(RETURN_URL_KEY);
  if (!stored) return null;
  let entry: { url?: unknown; user?: unknown };
  try {
    entry = JSON.parse(stored) as typeof entry;
  } catch {
    return null;
  }
  const { url, user } = entry;
  if (typeof url !== 'string' || !isReturnable(url)) return null;
  return user === null || user === undefined || user === username ? url : null;
}
