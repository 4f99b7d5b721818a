const RETURN_URL_KEY = 'return_url';

/** True for an in-app path worth returning to (never the login page, never another origin). */
function isReturnable(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !/^\/login(?:[/?#]|$)/.test(url);
}

/** Remembers where the user was so the next login returns there (spec 2.1: HTTP 401). */
export function rememberReturnUrl(url: string): void {
  if (isReturnable(url)) sessionStorage.setItem(RETURN_URL_KEY, url);
}

/** The remembered URL, forgotten once read; null when none. */
export function takeReturnUrl(): string | null {
  const url = sessionStorage.getItem(RETURN_URL_KEY);
  sessionStorage.removeItem(RETURN_URL_KEY);
  return url && isReturnable(url) ? url : null;
}
