import { randomBytes, timingSafeEqual } from 'node:crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** A fresh random value for the XSRF-TOKEN cookie. */
export function newXsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Double-submit check: the header must echo the cookie exactly. */
export function xsrfMatches(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}
