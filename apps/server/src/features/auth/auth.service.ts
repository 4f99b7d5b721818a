import { randomUUID } from 'node:crypto';
import { Refusal, type LoginRequest } from '@tsunagu/contract';
import { audit } from '../../platform/audit/audit.repository';
import type { Auth } from '../../platform/auth/auth-context';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { verifyPassword } from '../../platform/auth/passwords';
import {
  countActiveSessions,
  createSession,
  reclaimStaleSessions,
  revokeOldestSessions,
  revokeSession,
} from '../../platform/auth/sessions.repository';
import type { TokenSigner } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db/client';
import type { SessionNotifier } from '../../platform/realtime';
import { findLoginAccount, lockUser } from './auth.repository';

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenSigner;
  throttle: LoginThrottle;
  realtime: SessionNotifier;
  sessionHours: number;
  now?: () => Date;
}

export interface Client {
  ip: string;
  userAgent: string;
}

export function createAuthService({
  db,
  tokens,
  throttle,
  realtime,
  sessionHours,
  now = () => new Date(),
}: AuthServiceDeps) {
  return {
    /**
     * Checks the credentials (throttled) and the concurrent-session limit; returns a signed session token.
     * Over the limit, `endOldestSession` ends the user's oldest active session(s) instead of refusing.
     */
    async login(request: LoginRequest, client: Client): Promise<{ token: string; username: string }> {
      const attempt = await throttle.attempt(client.ip, request.username);
      if (attempt.refused) {
        if (attempt.first)
          await audit(db, {
            username: request.username,
            action: 'login.failure',
            detail: { reason: 'throttled' },
            ip: client.ip,
          });
        throw new Refusal('too-many', 'tooManyAttempts');
      }
      const account = await findLoginAccount(db, request.username);
      const valid = await verifyPassword(account?.passwordHash, request.password);
      if (valid) await attempt.succeeded();
      if (!account || !valid || !account.enabled || !account.domainEnabled) {
        await audit(db, {
          domainUuid: account?.domainUuid ?? null,
          userUuid: account?.userUuid ?? null,
          username: request.username,
          action: 'login.failure',
          detail: { reason: !account || !valid ? 'credentials' : 'disabled' },
          ip: client.ip,
        });
        throw new Refusal('unauthenticated', 'loginFailed');
      }
      const t = now();
      const sessionUuid = randomUUID();
      const expiresAt = new Date(t.getTime() + sessionHours * 3_600_000);
      const ended = await db
        .transaction(async (tx) => {
          await lockUser(tx, account.userUuid);
          await reclaimStaleSessions(tx, account.userUuid, t);
          const active = await countActiveSessions(tx, account.userUuid, t);
          let revoked: string[] = [];
          if (active >= account.maxSessions) {
            // The limit is at least one (a database check), so ending the oldest always frees a place.
            if (!request.endOldestSession) {
              throw new Refusal('conflict', 'sessionMax');
            }
            revoked = await revokeOldestSessions(tx, account.userUuid, active - account.maxSessions + 1, t);
            await audit(tx, {
              domainUuid: account.domainUuid,
              userUuid: account.userUuid,
              username: account.username,
              action: 'login.endOldestSession',
              detail: { sessions: revoked },
              ip: client.ip,
            });
          }
          await createSession(tx, {
            sessionUuid,
            userUuid: account.userUuid,
            domainUuid: account.domainUuid,
            expiresAt,
            ...client,
          });
          await audit(tx, {
            domainUuid: account.domainUuid,
            userUuid: account.userUuid,
            username: account.username,
            action: 'login.success',
            target: sessionUuid,
            ip: client.ip,
          });
          return revoked;
        })
        .catch(async (error: unknown) => {
          if (error instanceof Refusal && error.code === 'sessionMax') {
            await audit(db, {
              domainUuid: account.domainUuid,
              userUuid: account.userUuid,
              username: account.username,
              action: 'login.sessionMax',
              ip: client.ip,
            });
          }
          throw error;
        });
      // The ended sessions' sockets close on every instance (the same path as a logout).
      if (ended.length > 0) {
        await realtime.endSessions(ended);
        await realtime.publishPresence(account.domainUuid, [account.userUuid]);
      }
      return {
        token: await tokens.sign({ sub: account.username, sid: sessionUuid }, expiresAt),
        username: account.username,
      };
    },

    /** Revokes the caller's session: its token is refused from now on. */
    async logout(auth: Auth, client: Client): Promise<void> {
      await db.transaction(async (tx) => {
        await revokeSession(tx, auth.sessionUuid, now());
        await audit(tx, {
          domainUuid: auth.domainUuid,
          userUuid: auth.userUuid,
          username: auth.username,
          action: 'logout',
          target: auth.sessionUuid,
          ip: client.ip,
        });
      });
      await realtime.endSessions([auth.sessionUuid]);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
