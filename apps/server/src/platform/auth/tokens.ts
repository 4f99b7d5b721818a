import { jwtVerify, SignJWT } from 'jose';

/** What a session token carries. `sub` is the login ID (spec 3 "Session"). */
export interface TokenClaims {
  sub: string;
  /** Session id: revocation is checked against the sessions table on every request. */
  sid: string;
}

export interface TokenSigner {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token, or null. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Tokens whose signature was checked, remembered so that a client's next requests skip the check. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(secret: Uint8Array, now: () => number = Date.now): TokenSigner {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A WebCrypto HMAC check costs ~0.1 ms, the largest part of an authenticated request; a signature,
  // once valid, stays valid, so only the expiry is checked again (revocation is the session's business).
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();

  async function check(token: string) {
    const { payload } = await jwtVerify(token, await key, {
      algorithms: ['HS256'],
      currentDate: new Date(now()),
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.exp === undefined) {
      return null;
    }
    return { sub: payload.sub, sid: payload.sid, expiresAtMs: payload.exp * 1000 };
  }

  return {
    sign: async (claims, expiresAt) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key),
    verify: async (token) => {
      let claims = verified.get(token);
      if (!claims) {
        claims = (await check(token).catch(() => null)) ?? undefined;
        if (!claims) return null;
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
      }
      if (now() >= claims.expiresAtMs) {
        verified.delete(token);
        return null;
      }
      return { sub: claims.sub, sid: claims.sid };
    },
  };
}
