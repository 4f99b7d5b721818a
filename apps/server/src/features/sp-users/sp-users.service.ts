import { randomUUID } from 'node:crypto';
import { topics, USER_CLASS } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { type SpUser, type spUserSaveSchema } from '@tsunagu/contract/tenant-admin';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import { generateUserPassword } from '../../platform/auth/generated-password';
import { hashPassword } from '../../platform/auth/passwords';
import { revokeUserSessions } from '../../platform/auth/sessions.repository';
import type { Db, Tx } from '../../platform/db/client';
import { users } from '../../platform/db/schema';
import type { SessionNotifier } from '../../platform/realtime';
import {
  findSpUser,
  listSpUsers,
  lockProviders,
  loginIdTaken,
  otherEnabledProviders,
} from './sp-users.repository';

export interface SpUsersServiceDeps {
  db: Db;
  realtime: SessionNotifier;
  now?: () => Date;
}

type Save = z.output<typeof spUserSaveSchema>;

/** Provider (SP) users: create, edit, disable, delete, reset password; never the last enabled one. */
export function createSpUsersService({ db, realtime, now = () => new Date() }: SpUsersServiceDeps) {
  const conflicts = { users_username_unique: 'tenantLoginIdTaken' } as const;

  /** The guard of disabling or deleting: never the last enabled provider (oneself included). */
  async function mayStop(tx: Tx, userUuid: string) {
    await lockProviders(tx);
    const target = await findSpUser(tx, userUuid);
    if (!target) throw new Refusal('not-found', 'notFound');
    if (target.enabled && (await otherEnabledProviders(tx, userUuid)) === 0)
      throw new Refusal('conflict', 'tenantLastProvider');
    return target;
  }

  /** Ends the user's sessions at once on every instance (after the commit). */
  async function signOut(userUuid: string, ended: string[]) {
    await realtime.publish(topics.force(userUuid), '');
    await realtime.endSessions(ended);
  }

  const home = (actor: Actor) => actor.auth.acting?.homeDomainUuid ?? actor.auth.domainUuid;

  return {
    list: (): Promise<SpUser[]> => listSpUsers(db),

    /** Creates (in the provider's own tenant) or edits; a generated password is answered once. */
    async save(actor: Actor, input: Save) {
      const userUuid = input.userUuid ?? randomUUID();
      const generated = input.userUuid || input.password ? null : generateUserPassword();
      const typed = input.password ?? generated;
      const passwordHash = typed ? await hashPassword(typed) : null;
      const action = input.userUuid ? 'spUser.save' : 'spUser.create';
      const note = await auditedTransaction(
        db,
        { actor, tenantUuid: home(actor), action, conflicts },
        async (tx) => {
          if (await loginIdTaken(tx, input.username, input.userUuid ?? null))
            throw new Refusal('conflict', 'tenantLoginIdTaken');
          const fields = {
            username: input.username,
            userNm: input.userNm,
            enabled: input.enabled,
            ...(passwordHash ? { passwordHash } : {}),
          };
          let ended: string[] = [];
          if (input.userUuid) {
            const target = input.enabled ? await findSpUser(tx, userUuid) : await mayStop(tx, userUuid);
            if (!target) throw new Refusal('not-found', 'notFound');
            await tx
              .update(users)
              .set({ ...fields, updatedAt: now() })
              .where(eq(users.userUuid, userUuid));
            // A stop ends their sessions; so does a new password (except one's own current session).
            if (!input.enabled || (passwordHash && userUuid !== actor.auth.userUuid))
              ended = await revokeUserSessions(tx, userUuid, now());
          } else {
            await tx.insert(users).values({
              ...fields,
              passwordHash: passwordHash!,
              userUuid,
              domainUuid: home(actor),
              userClass: USER_CLASS.provider,
            });
          }
          return {
            target: userUuid,
            detail: {
              username: input.username,
              userNm: input.userNm,
              enabled: input.enabled,
              password: Boolean(typed),
            },
            ended,
          };
        },
      );
      if (note.ended.length) await signOut(userUuid, note.ended);
      return { userUuid, password: generated };
    },

    async disable(actor: Actor, userUuid: string): Promise<void> {
      const note = await auditedTransaction(
        db,
        { actor, tenantUuid: home(actor), action: 'spUser.disable' },
        async (tx) => {
          const target = await mayStop(tx, userUuid);
          await tx
            .update(users)
            .set({ enabled: false, updatedAt: now() })
            .where(eq(users.userUuid, userUuid));
          return { target: target.username, ended: await revokeUserSessions(tx, userUuid, now()) };
        },
      );
      await signOut(userUuid, note.ended);
    },

    async remove(actor: Actor, userUuid: string): Promise<void> {
      const note = await auditedTransaction(
        db,
        { actor, tenantUuid: home(actor), action: 'spUser.delete' },
        async (tx) => {
          const target = await mayStop(tx, userUuid);
          const ended = await revokeUserSessions(tx, userUuid, now());
          await tx.delete(users).where(eq(users.userUuid, userUuid));
          return { target: target.username, ended };
        },
      );
      await signOut(userUuid, note.ended);
    },

    /** A new generated password, answered once; the user's sessions end. */
    async resetPassword(actor: Actor, userUuid: string) {
      const password = generateUserPassword();
      const passwordHash = await hashPassword(password);
      const note = await auditedTransaction(
        db,
        { actor, tenantUuid: home(actor), action: 'spUser.passwordReset' },
        async (tx) => {
          const target = await findSpUser(tx, userUuid);
          if (!target) throw new Refusal('not-found', 'notFound');
          await tx.update(users).set({ passwordHash, updatedAt: now() }).where(eq(users.userUuid, userUuid));
          const ended = userUuid === actor.auth.userUuid ? [] : await revokeUserSessions(tx, userUuid, now());
          return { target: target.username, ended };
        },
      );
      if (note.ended.length) await signOut(userUuid, note.ended);
      return { userUuid, password };
    },
  };
}
