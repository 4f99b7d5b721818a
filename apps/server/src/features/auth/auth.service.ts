import { randomUUID } from 'node:crypto';
import { twoStepRequired, type LoginRequest } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { type TwoStepChallenge, type TwoStepEnrolment } from '@tsunagu/contract/two-step';
import type { z } from 'zod';
import type { twoStepLoginRequestSchema } from '@tsunagu/contract/two-step';
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
import { checkSecondFactor, type SecondFactor } from '../../platform/auth/two-step/second-factor';
import { openTicket, sealTicket } from '../../platform/auth/two-step/ticket';
import { confirmRegistration, startRegistration } from '../../platform/auth/two-step/registration';
import type { SecretBox } from '../../platform/crypto/secrets';
import type { Db, Tx } from '../../platform/db/client';
import type { SessionNotifier } from '../../platform/realtime';
import { findLoginAccount, findLoginAccountByUuid, lockUser, type LoginAccount } from './auth.repository';

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenSigner;
  throttle: LoginThrottle;
  realtime: SessionNotifier;
  secrets: SecretBox;
  sessionHours: number;
  now?: () => Date;
}

export interface Client {
  ip: string;
  userAgent: string;
}

/** A finished sign-in (a token), or the second step it still needs. */
export interface LoginResult {
  username: string;
  token?: string;
  twoStep?: TwoStepChallenge;
  /** Set up during this sign-in: the recovery codes, shown once. */
  recoveryCodes?: string[];
}

type TwoStepLoginRequest = z.output<typeof twoStepLoginRequestSchema>;

export function createAuthService({
  db,
  tokens,
  throttle,
  realtime,
  secrets,
  sessionHours,
  now = () => new Date(),
}: AuthServiceDeps) {
  /** A failed sign-in's audit entry (outside any transaction: it stays when the sign-in is refused). */
  const auditFailure = (account: LoginAccount | null, username: string, reason: string, ip: string) =>
    audit(db, {
      domainUuid: account?.domainUuid ?? null,
      userUuid: account?.userUuid ?? null,
      username,
      action: 'login.failure',
      targetLabel: account?.userNm || username,
      detail: { reason },
      ip,
    });

  /** Counts the attempt like a password guess (per address, per address + ID, slow-down per ID). */
  async function throttled(username: string, client: Client) {
    const attempt = await throttle.attempt(client.ip, username);
    if (attempt.refused) {
      if (attempt.first) await auditFailure(null, username, 'throttled', client.ip);
      throw new Refusal('too-many', 'tooManyAttempts');
    }
    return attempt;
  }

  /**
   * Opens a session under the concurrent-session limit: over it, `endOldestSession` ends the oldest
   * active session(s) instead of refusing. `secondStep` runs first in the same transaction, so a code is
   * used up only by a sign-in that happens.
   */
  async function startSession(
    account: LoginAccount,
    client: Client,
    endOldestSession: boolean | undefined,
    secondStep?: (tx: Tx) => Promise<Record<string, unknown>>,
  ): Promise<string> {
    const t = now();
    const sessionUuid = randomUUID();
    const expiresAt = new Date(t.getTime() + sessionHours * 3_600_000);
    const who = {
      domainUuid: account.domainUuid,
      userUuid: account.userUuid,
      username: account.username,
      ip: client.ip,
    };
    const ended = await db
      .transaction(async (tx) => {
        const twoStep = secondStep ? await secondStep(tx) : undefined;
        await lockUser(tx, account.userUuid);
        const reclaimed = await reclaimStaleSessions(tx, account.userUuid, t);
        const active = await countActiveSessions(tx, account.userUuid, t);
        let revoked: string[] = [];
        if (active >= account.maxSessions) {
          // The limit is at least one (a database check), so ending the oldest always frees a place.
          if (!endOldestSession) throw new Refusal('conflict', 'sessionMax');
          revoked = await revokeOldestSessions(tx, account.userUuid, active - account.maxSessions + 1, t);
          await audit(tx, { ...who, action: 'login.endOldestSession', detail: { sessions: revoked } });
        }
        await createSession(tx, {
          sessionUuid,
          userUuid: account.userUuid,
          domainUuid: account.domainUuid,
          expiresAt,
          ...client,
        });
        await audit(tx, {
          ...who,
          action: 'login.success',
          target: sessionUuid,
          targetLabel: account.userNm || account.username,
          detail: twoStep,
        });
        // Reclaimed sessions end like revoked ones: a cached session (session-cache.ts) is dropped too.
        return [...revoked, ...reclaimed];
      })
      .catch(async (error: unknown) => {
        if (error instanceof Refusal && error.code === 'sessionMax') {
          await audit(db, { ...who, action: 'login.sessionMax' });
        }
        throw error;
      });
    // The ended sessions' sockets close on every instance (the same path as a logout).
    if (ended.length > 0) {
      await realtime.endSessions(ended);
      await realtime.publishPresence(account.domainUuid, [account.userUuid]);
    }
    return tokens.sign({ sub: account.username, sid: sessionUuid }, expiresAt);
  }

  /** The ticket's account while the ticket is fresh and the account may still sign in. */
  async function ticketAccount(sealed: string) {
    const ticket = openTicket(secrets, sealed, now().getTime());
    const account = ticket && (await findLoginAccountByUuid(db, ticket.userUuid));
    // A 'setup' ticket is spent once two-step sign-in is on: it must not replace the app now in use.
    const stale = ticket?.mode === 'setup' && account?.twoStepOn;
    if (!ticket || !account || !account.enabled || !account.domainEnabled || stale) {
      throw new Refusal('unauthenticated', 'twoStepTicketExpired');
    }
    return { ticket, account };
  }

  return {
    /**
     * Checks the credentials (throttled). A user with two-step sign-in on (or required and not yet set up)
     * gets a ticket for the second step; anyone else a session token at once.
     */
    async login(request: LoginRequest, client: Client): Promise<LoginResult> {
      const attempt = await throttled(request.username, client);
      const account = await findLoginAccount(db, request.username);
      const valid = await verifyPassword(account?.passwordHash, request.password);
      if (valid) await attempt.succeeded();
      if (!account || !valid || !account.enabled || !account.domainEnabled) {
        const reason = !account || !valid ? 'credentials' : 'disabled';
        await auditFailure(account, request.username, reason, client.ip);
        // A stopped account or tenant says so, but only to someone who knows the password.
        if (account && valid && !account.enabled) throw new Refusal('forbidden', 'userDisabled');
        const tenantStopped = account && valid && !account.domainEnabled;
        throw new Refusal('unauthenticated', tenantStopped ? 'tenantDisabled' : 'loginFailed');
      }
      const mode = account.twoStepOn
        ? 'verify'
        : twoStepRequired(account, account.twoStepForAdmins)
          ? 'setup'
          : null;
      if (mode) {
        const ticket = sealTicket(secrets, { userUuid: account.userUuid, mode }, now().getTime());
        return { username: account.username, twoStep: { mode, ticket } };
      }
      return {
        username: account.username,
        token: await startSession(account, client, request.endOldestSession),
      };
    },

    /** For a 'setup' ticket: a new secret (pending until its first code confirms it) and its QR code. */
    async loginSetup(sealed: string): Promise<TwoStepEnrolment> {
      const { ticket, account } = await ticketAccount(sealed);
      if (ticket.mode !== 'setup') throw new Refusal('invalid', 'twoStepAlreadyOn');
      return startRegistration(db, secrets, account);
    },

    /**
     * The second step: a code from the app or a recovery code ('verify'), or the first code of the app
     * just registered ('setup', which turns two-step sign-in on and answers the recovery codes). Wrong
     * codes count like wrong passwords.
     */
    async loginSecondStep(request: TwoStepLoginRequest, client: Client): Promise<LoginResult> {
      const { ticket, account } = await ticketAccount(request.ticket);
      const attempt = await throttled(account.username, client);
      let recoveryCodes: string[] | undefined;
      const secondStep = async (tx: Tx): Promise<Record<string, unknown>> => {
        if (ticket.mode === 'setup') {
          recoveryCodes =
            (await confirmRegistration(tx, secrets, account.userUuid, request.code, now())) ?? undefined;
          if (!recoveryCodes) throw new Refusal('unauthenticated', 'twoStepCodeWrong');
          await audit(tx, {
            domainUuid: account.domainUuid,
            userUuid: account.userUuid,
            username: account.username,
            action: 'twoStep.enable',
            target: account.userUuid,
            targetLabel: account.userNm || account.username,
            detail: { atSignIn: true },
            ip: client.ip,
          });
          return { twoStep: 'app' satisfies SecondFactor };
        }
        const factor = await checkSecondFactor(tx, secrets, account.userUuid, request.code, now());
        if (!factor) throw new Refusal('unauthenticated', 'twoStepCodeWrong');
        return { twoStep: factor };
      };
      try {
        const token = await startSession(account, client, request.endOldestSession, secondStep);
        await attempt.succeeded();
        return { username: account.username, token, recoveryCodes };
      } catch (error) {
        if (error instanceof Refusal && error.code === 'twoStepCodeWrong') {
          await auditFailure(account, account.username, 'code', client.ip);
        } else {
          // The code was not what failed (the session limit, no registration started): not a guess.
          await attempt.succeeded();
        }
        throw error;
      }
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
