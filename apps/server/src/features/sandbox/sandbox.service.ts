import { type SandboxCall } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { commandFailure } from '../../platform/http/command-failure';
import type { SandboxEngine } from '../../telephony/sandbox';
import { isIncomingNumber, ownExtensionNumber } from './sandbox.repository';

export function createSandboxService({ db, engine }: { db: Db; engine: SandboxEngine }) {
  const run = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      throw commandFailure(error);
    });
  return {
    /** A simulated outside caller dials one of the tenant's incoming numbers. */
    async call(auth: Auth, call: SandboxCall) {
      if (!(await isIncomingNumber(db, auth.domainUuid, call.to)))
        throw new Refusal('not-found', 'destinationNotFound');
      return run(engine.simulateIncomingCall({ domainName: auth.domainName, ...call }));
    },

    /** Answers or hangs up the caller's own simulated desk phone. */
    async deskPhone(auth: Auth, action: 'answer' | 'hangup'): Promise<void> {
      const extension = await ownExtensionNumber(db, auth.userUuid);
      if (!extension) throw new Refusal('not-found', 'extensionUnassigned');
      const phone = await run(engine.deskPhone(auth.domainName, extension));
      const done = action === 'answer' ? phone.answer() : phone.hangup();
      if (!done) throw new Refusal('conflict', action === 'answer' ? 'noRingingCall' : 'notFound');
    },
  };
}

export type SandboxService = ReturnType<typeof createSandboxService>;
