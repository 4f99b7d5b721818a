import {
  answerRate,
  can,
  extensionsOnCall,
  shownStatus,
  USER_STATUSES,
  type Dashboard,
  type UserStatus,
} from '@tsunagu/contract';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import { onlineSessionCounts } from '../../platform/realtime/presence.repository';
import type { TelephonyEngine } from '../../telephony/engine';
import { callCounts, dayBounds, extensionOf, incomingByHour, usersWithStatus } from './dashboard.repository';
import { domainNameOf, tenantTimeZone } from './analysis.repository';

export interface DashboardDeps {
  db: Db;
  engine: Pick<TelephonyEngine, 'callState' | 'parkSlots'>;
  now?: () => Date;
}

/** Today's figures (/dashboard), from the call model and the engine's live channels. */
export function createDashboardService({ db, engine, now = () => new Date() }: DashboardDeps) {
  async function statusCounts(tenantUuid: string, talking: ReadonlySet<string>, at: Date) {
    const [users, online] = await Promise.all([
      usersWithStatus(db, tenantUuid),
      onlineSessionCounts(db, tenantUuid, at),
    ]);
    const counts = Object.fromEntries(USER_STATUSES.map((s) => [s, 0])) as Record<UserStatus, number>;
    for (const u of users) {
      const facts = {
        signedIn: (online.get(u.userUuid) ?? 0) > 0,
        onCall: !!u.extension && talking.has(u.extension),
      };
      counts[shownStatus(u.status ?? undefined, facts)] += 1;
    }
    return counts;
  }

  return {
    async today(auth: Auth, tenantUuid: string): Promise<Dashboard> {
      const at = now();
      const timeZone = await tenantTimeZone(db, tenantUuid);
      const bounds = await dayBounds(db, timeZone, at);
      const extensionUuid = tenantUuid === auth.domainUuid ? await extensionOf(db, auth.userUuid) : null;
      const counts = await callCounts(
        db,
        tenantUuid,
        { userUuid: auth.userUuid, extensionUuid },
        bounds.today,
        at,
      );
      const base = {
        timeZone,
        date: bounds.date,
        from: bounds.today.toISOString(),
        to: at.toISOString(),
        mine: counts.mine,
      };
      if (!can(auth, 'dashboard.tenant.view')) return { ...base, tenant: null };

      const domainName = (await domainNameOf(db, tenantUuid)) ?? '';
      const talking = extensionsOnCall(engine.callState(domainName));
      const [today, lastWeek, statuses] = await Promise.all([
        incomingByHour(db, tenantUuid, timeZone, bounds.today, at),
        incomingByHour(db, tenantUuid, timeZone, bounds.lastWeek, bounds.lastWeekEnd),
        statusCounts(tenantUuid, talking, at),
      ]);
      return {
        ...base,
        tenant: {
          incoming: counts.incoming,
          answered: counts.answered,
          missed: counts.missed,
          answerRate: answerRate(counts.answered, counts.incoming),
          talking: talking.size,
          parked: engine.parkSlots(domainName).filter((s) => s.occupied).length,
          statuses,
          hourly: { today, lastWeek, lastWeekDate: bounds.lastWeekDate },
        },
      };
    },
  };
}
