import { isAppCode } from '@tsunagu/contract/two-step';
import type { SecretBox } from '../../crypto/secrets';
import type { Tx } from '../../db/client';
import { acceptedStep, recoveryCodeHash } from './totp';
import { lockTwoStep, setLastStep, useRecoveryCode } from './two-step.repository';

/** How a second factor was proven, for the audit entry. */
export type SecondFactor = 'app' | 'recoveryCode';

/**
 * Checks a code against the user's enabled secret (a six-digit code, once) or their unused recovery codes
 * (each once), inside the caller's transaction; null when it is wrong or two-step sign-in is off.
 */
export async function checkSecondFactor(
  tx: Tx,
  secrets: SecretBox,
  userUuid: string,
  code: string,
  now: Date,
): Promise<SecondFactor | null> {
  const state = await lockTwoStep(tx, userUuid);
  if (!state?.secretEnc) return null;
  if (isAppCode(code)) {
    const step = acceptedStep(secrets.open(state.secretEnc), code, state.lastStep, now.getTime());
    if (step === null) return null;
    await setLastStep(tx, userUuid, step);
    return 'app';
  }
  return (await useRecoveryCode(tx, userUuid, recoveryCodeHash(code), now)) ? 'recoveryCode' : null;
}
