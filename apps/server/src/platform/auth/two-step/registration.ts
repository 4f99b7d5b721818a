import { Refusal } from '@tsunagu/contract/refusal';
import { isAppCode, type TwoStepEnrolment } from '@tsunagu/contract/two-step';
import type { SecretBox } from '../../crypto/secrets';
import type { Conn, Tx } from '../../db/client';
import { acceptedStep, enrolment, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp';
import { enableTwoStep, lockTwoStep, replaceRecoveryCodes, savePending } from './two-step.repository';

/** Starts registering an authenticator app: a new secret kept pending (sealed) until a code confirms it. */
export async function startRegistration(
  conn: Conn,
  secrets: SecretBox,
  account: { userUuid: string; username: string },
): Promise<TwoStepEnrolment> {
  const secret = newTotpSecret();
  await savePending(conn, account.userUuid, secrets.seal(secret));
  return enrolment(secret, account.username);
}

/**
 * Confirms the pending registration with the app's current code: the secret becomes the user's and ten
 * new recovery codes replace any old ones (answered once, stored as digests). Null when the code is wrong;
 * 400 when no registration was started.
 */
export async function confirmRegistration(
  tx: Tx,
  secrets: SecretBox,
  userUuid: string,
  code: string,
  now: Date,
): Promise<string[] | null> {
  const state = await lockTwoStep(tx, userUuid);
  if (!state?.pendingEnc) throw new Refusal('invalid', 'twoStepNotSetUp');
  if (!isAppCode(code)) return null;
  const step = acceptedStep(secrets.open(state.pendingEnc), code, state.lastStep, now.getTime());
  if (step === null) return null;
  await enableTwoStep(tx, userUuid, state.pendingEnc, step, now);
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userUuid, codes.map(recoveryCodeHash));
  return codes;
}
