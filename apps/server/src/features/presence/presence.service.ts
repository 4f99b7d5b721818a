import type { DeskPhoneState, LoginUser } from '@tsunagu/contract';
import { onlineSessionCounts } from '../../platform/realtime/presence.repository';
import type { Db } from '../../platform/db/client';
import type { TelephonyEngine } from '../../telephony/engine';

export function createPresenceService({
  db,
  engine,
  now = () => new Date(),
}: {
  db: Db;
  /** Knows which desk phones are registered. */
  engine: Pick<TelephonyEngine, 'deskPhones' | 'softphones'>;
  now?: () => Date;
}) {
  return {
    /** The tenant's users with at least one active session. */
    async loginUsers(tenantUuid: string): Promise<LoginUser[]> {
      const counts = await onlineSessionCounts(db, tenantUuid, now());
      return [...counts].map(([userUuid, loginCnt]) => ({ userUuid, loginCnt }));
    },
    /** The tenant's desk phones, each registered or not (the presence tab's ready mark). */
    deskPhones(tenantUuid: string): Promise<DeskPhoneState[]> {
      return engine.deskPhones(tenantUuid);
    },
    /** The tenant's extensions whose softphone is signed in (the presence tab's phone-ready mark). */
    softphones(tenantUuid: string): Promise<string[]> {
      return engine.softphones(tenantUuid);
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
