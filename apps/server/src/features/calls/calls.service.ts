import { dialString, type CallStateItem, type ClickToCall } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { commandFailure } from '../../platform/http/command-failure';
import type { TelephonyEngine } from '../../telephony/engine';
import { domainNameOf, ownExtension } from './calls.repository';

export function createCallsService({ db, engine }: { db: Db; engine: TelephonyEngine }) {
  return {
    /** The tenant's channels as the presence panel reads them. */
    async callState(auth: Auth, tenantUuid: string): Promise<CallStateItem[]> {
      const domainName =
        tenantUuid === auth.domainUuid ? auth.domainName : await domainNameOf(db, tenantUuid);
      if (!domainName) throw new Refusal('not-found', 'notFound');
      return engine.callState(domainName);
    },

    /** Rings the caller's own phone, then dials the number (dialling rules of spec 5). */
    async clickToCall(auth: Auth, request: ClickToCall): Promise<void> {
      const extension = await ownExtension(db, auth.userUuid, request.extensionUuid);
      if (!extension) throw new Refusal('forbidden', 'forbidden');
      const dest = dialString(request.dest);
      if (!dest) throw new Refusal('invalid', 'numberInvalid');
      await engine.clickToCall({ domainName: auth.domainName, extension, dest }).catch((error: unknown) => {
        throw commandFailure(error);
      });
    },
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
