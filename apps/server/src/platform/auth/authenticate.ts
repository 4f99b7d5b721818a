import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from './auth-context';
import type { SessionCache } from './session-cache';
import { TOUCH_EVERY_MS } from './sessions.repository';
import type { TokenSigner } from './tokens';

export type Authenticator = (authorization: string | undefined) => Promise<Auth>;

/**
 * Resolves `Authorization: Bearer <token>` to a live session, or throws 401. A `patient` authenticator
 * (the WebSocket CONNECT's) lets its session reads gather with others' (session-cache.ts).
 */
export function createAuthenticator(
  tokens: TokenSigner,
  sessions: SessionCache,
  now: () => Date = () => new Date(),
  { patient = false }: { patient?: boolean } = {},
): Authenticator {
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw new Refusal('unauthenticated', 'unauthorized');
    const claims = await tokens.verify(match[1]);
    if (!claims) throw new Refusal('unauthenticated', 'sessionExpired');
    const session = await sessions.get(claims.sid, patient);
    if (!session || session.username !== claims.sub) throw new Refusal('unauthenticated', 'sessionExpired');
    const t = now();
    if (t.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await sessions.touch(session.sessionUuid, t, patient);
    return {
      sessionUuid: session.sessionUuid,
      userUuid: session.userUuid,
      username: session.username,
      userClass: session.userClass,
      menu: session.menu,
      domainUuid: session.domainUuid,
      domainName: session.domainName,
      acting:
        session.actingReason !== null && session.actingUntil !== null
          ? {
              homeDomainUuid: session.homeDomainUuid,
              reason: session.actingReason,
              until: new Date(session.actingUntil),
            }
          : null,
    };
  };
}
