import { Refusal } from '@tsunagu/contract';
import type { Db } from '../db/client';
import type { Auth } from './auth-context';
import { findLiveSession, touchSessions, TOUCH_EVERY_MS } from './sessions.repository';
import type { TokenSigner } from './tokens';

export type Authenticator = (authorization: string | undefined) => Promise<Auth>;

/** Resolves `Authorization: Bearer <token>` to a live session, or throws 401. */
export function createAuthenticator(
  db: Db,
  tokens: TokenSigner,
  now: () => Date = () => new Date(),
): Authenticator {
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw new Refusal('unauthenticated', 'unauthorized');
    const claims = await tokens.verify(match[1]);
    if (!claims) throw new Refusal('unauthenticated', 'sessionExpired');
    const t = now();
    const session = await findLiveSession(db, claims.sid, t);
    if (!session || session.username !== claims.sub) throw new Refusal('unauthenticated', 'sessionExpired');
    if (t.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await touchSessions(db, [session.sessionUuid], t);
    return {
      sessionUuid: session.sessionUuid,
      userUuid: session.userUuid,
      username: session.username,
      userClass: session.userClass,
      menu: session.menu,
      domainUuid: session.domainUuid,
      domainName: session.domainName,
    };
  };
}
