import type { ProcessName } from '@tsunagu/contract';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { actionLog } from '../../platform/db/schema';

export function createActionLogService({ db }: { db: Db }) {
  return {
    /** Records the outcome of a client action (call, hang-up, park, …) for the calling user. */
    async record(auth: Auth, process: ProcessName, success: boolean): Promise<void> {
      await db
        .insert(actionLog)
        .values({ domainUuid: auth.domainUuid, userUuid: auth.userUuid, process, success });
    },
  };
}

export type ActionLogService = ReturnType<typeof createActionLogService>;
