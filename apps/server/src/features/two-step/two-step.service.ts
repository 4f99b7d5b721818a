import { twoStepRequired } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import { type TwoStepEnrolment, type TwoStepPolicy, type TwoStepStatus } from '@tsunagu/contract/two-step';
import { auditedTransaction, type Actor } from '../../platform/audit/audited-transaction';
import type { Auth } from '../../platform/auth/auth-context';
import type { LoginThrottle } from '../../platform/auth/login-throttle';
import { verifyPassword } from '../../platform/auth/passwords';
import { confirmRegistration, startRegistration } from '../../platform/auth/two-step/registration';
import { checkSecondFactor } from '../../platform/auth/two-step/second-factor';
import { newRecoveryCodes, recoveryCodeHash } from '../../platform/auth/two-step/totp';
import {
  findTwoStep,
  findTwoStepPolicy,
  recoveryCodesLeft,
  removeTwoStep,
  replaceRecoveryCodes,
  saveTwoStepPolicy,
} from '../../platform/auth/two-step/two-step.repository';
import type { SecretBox } from '../../platform/crypto/secrets';
import type { Db, Tx } from '../../platform/db/client';
import { findDomainName, findUserProof } from './two-step.repository';

export interface TwoStepServiceDeps {
  db: Db;
  secrets: SecretBox;
  throttle: LoginThrottle;
  now?: () => Date;
}

/** The settings tab's two-step sign-in (the signed-in user's own) and a tenant's policy for its administrators. */
export function createTwoStepService({ db, secrets, throttle, now = () => new Date() }: TwoStepServiceDeps) {
  const isRequired = async (auth: Auth) =>
    twoStepRequired(auth, (await findTwoStepPolicy(db, auth.domainUuid)) ?? false);

  /**
   * One of the user's own changes, audited against their tenant with their name as the target. `work`
   * answers what the entry records and, apart, what the caller gets (recovery codes are never recorded).
   */
  async function ownChange<T>(
    actor: Actor,
    action: string,
    work: (tx: Tx) => Promise<{ detail: Record<string, unknown>; result: T }>,
  ): Promise<T> {
    const user = await findUserProof(db, actor.auth.userUuid);
    const label = user?.userNm || actor.auth.username;
    let result: T | undefined;
    await auditedTransaction(db, { actor, tenantUuid: actor.auth.domainUuid, action }, async (tx) => {
      const done = await work(tx);
      result = done.result;
      return { target: actor.auth.userUuid, label, detail: done.detail };
    });
    return result as T;
  }

  /**
   * A code counted like a sign-in attempt (a wrong code is a guess, whatever screen it is typed on):
   * the check runs, and a wrong one answers 400 with nothing changed (400, not 401: the session is fine).
   */
  async function withCode<T>(actor: Actor, run: () => Promise<T | null>): Promise<T> {
    const attempt = await throttle.attempt(actor.ip, actor.auth.username);
    if (attempt.refused) throw new Refusal('too-many', 'tooManyAttempts');
    const result = await run();
    if (result === null) throw new Refusal('invalid', 'twoStepCodeWrong');
    await attempt.succeeded();
    return result;
  }

  return {
    async status(auth: Auth): Promise<TwoStepStatus> {
      const state = await findTwoStep(db, auth.userUuid);
      return {
        enabled: Boolean(state?.secretEnc),
        required: await isRequired(auth),
        recoveryCodesLeft: state?.secretEnc ? await recoveryCodesLeft(db, auth.userUuid) : 0,
      };
    },

    /** A new registration (QR code and key); nothing changes for sign-in until it is confirmed. */
    async setup(auth: Auth): Promise<TwoStepEnrolment> {
      if ((await findTwoStep(db, auth.userUuid))?.secretEnc) throw new Refusal('invalid', 'twoStepAlreadyOn');
      return startRegistration(db, secrets, auth);
    },

    /** Confirms the registration with the app's first code; answers the ten recovery codes, once. */
    async enable(actor: Actor, code: string): Promise<{ recoveryCodes: string[] }> {
      if ((await findTwoStep(db, actor.auth.userUuid))?.secretEnc) {
        throw new Refusal('invalid', 'twoStepAlreadyOn');
      }
      const recoveryCodes = await withCode(actor, () =>
        ownChange(actor, 'twoStep.enable', async (tx) => {
          const codes = await confirmRegistration(tx, secrets, actor.auth.userUuid, code, now());
          // A wrong code changes nothing: the transaction (and its audit entry) is rolled back.
          if (!codes) throw new Refusal('unauthenticated', 'twoStepCodeWrong');
          return { detail: { atSignIn: false }, result: codes };
        }).catch(wrongCodeAsNull),
      );
      return { recoveryCodes };
    },

    /** Turns it off with a current code (or recovery code) or the password; refused where it is required. */
    async disable(actor: Actor, proof: { code?: string; password?: string }): Promise<void> {
      if (!(await findTwoStep(db, actor.auth.userUuid))?.secretEnc)
        throw new Refusal('invalid', 'twoStepNotOn');
      if (await isRequired(actor.auth)) throw new Refusal('invalid', 'twoStepRequired');
      await withCode(actor, () =>
        ownChange(actor, 'twoStep.disable', async (tx) => {
          const userUuid = actor.auth.userUuid;
          let by: string;
          if (proof.code) {
            const factor = await checkSecondFactor(tx, secrets, userUuid, proof.code, now());
            if (!factor) throw new Refusal('unauthenticated', 'twoStepCodeWrong');
            by = factor;
          } else {
            const user = await findUserProof(tx, userUuid);
            if (!(await verifyPassword(user?.passwordHash, proof.password ?? ''))) {
              throw new Refusal('invalid', 'currentPasswordWrong');
            }
            by = 'password';
          }
          await removeTwoStep(tx, userUuid);
          return { detail: { by }, result: true };
        }).catch(wrongCodeAsNull),
      );
    },

    /** Ten new recovery codes replacing the old ones (a current code from the app proves it is the user). */
    async renewRecoveryCodes(actor: Actor, code: string): Promise<{ recoveryCodes: string[] }> {
      const recoveryCodes = await withCode(actor, () =>
        ownChange(actor, 'twoStep.recoveryCodes', async (tx) => {
          const factor = await checkSecondFactor(tx, secrets, actor.auth.userUuid, code, now());
          if (!factor) throw new Refusal('unauthenticated', 'twoStepCodeWrong');
          const codes = newRecoveryCodes();
          await replaceRecoveryCodes(tx, actor.auth.userUuid, codes.map(recoveryCodeHash));
          return { detail: { by: factor }, result: codes };
        }).catch(wrongCodeAsNull),
      );
      return { recoveryCodes };
    },

    async policy(tenantUuid: string): Promise<TwoStepPolicy> {
      const twoStepForAdmins = await findTwoStepPolicy(db, tenantUuid);
      if (twoStepForAdmins === null) throw new Refusal('not-found', 'notFound');
      return { twoStepForAdmins };
    },

    /** Requires (or no longer requires) two-step sign-in of the tenant's administrators; audited. */
    async savePolicy(actor: Actor, tenantUuid: string, policy: TwoStepPolicy): Promise<TwoStepPolicy> {
      await auditedTransaction(db, { actor, tenantUuid, action: 'twoStep.policy' }, async (tx) => {
        const before = await findTwoStepPolicy(tx, tenantUuid);
        if (before === null) throw new Refusal('not-found', 'notFound');
        await saveTwoStepPolicy(tx, tenantUuid, policy.twoStepForAdmins);
        return {
          target: tenantUuid,
          label: (await findDomainName(tx, tenantUuid)) ?? '',
          before: { twoStepForAdmins: before },
          after: { twoStepForAdmins: policy.twoStepForAdmins },
        };
      });
      return policy;
    },
  };
}

/** A wrong code inside the change's transaction: nothing was changed; withCode answers it. */
function wrongCodeAsNull(error: unknown): null {
  if (error instanceof Refusal && error.code === 'twoStepCodeWrong') return null;
  throw error;
}

export type TwoStepService = ReturnType<typeof createTwoStepService>;
