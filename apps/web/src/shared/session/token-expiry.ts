/**
 * How long a session token is valid from its issue (`exp` − `iat`, in ms), read without checking the
 * signature (the server does that); null for a token that does not say.
 */
export function tokenLifetimeMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { iat, exp } = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    return typeof iat === 'number' && typeof exp === 'number' && exp > iat ? (exp - iat) * 1000 : null;
  } catch {
    return null;
  }
}
