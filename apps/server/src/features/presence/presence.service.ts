import type { LoginUser } from '@tsunagu/contract';
import { onlineSessionCounts } from '../../platform/realtime/presence.repository';
import type { Db } from '../../platform/db/client';

export function createPresenceService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    /** The tenant's users with at least one active session. */
    async loginUsers(tenantUuid: string): Promise<LoginUser[]> {
      const counts = await onlineSessionCounts(db, tenantUuid, now());
      return [...counts].map(([userUuid, loginCnt]) => ({ userUuid, loginCnt }));
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
