import {
  extensionsOnCall,
  topics,
  type ChosenUserStatus,
  type StatusSetting,
  type UserStatusEntry,
} from '@tsunagu/contract';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import type { PresenceCount } from '../../platform/realtime/presence-feed';
import { onlineCountsOfUsers } from '../../platform/realtime/presence.repository';
import type { CallStateEntry } from '../../telephony/engine';
import {
  applyStatusEvents,
  saveWrapUpSeconds,
  tenantStatuses,
  usersWithLiveSessions,
  type StatusChange,
  usersByExtension,
  wrapUpsEndedBy,
  wrapUpSeconds,
} from './user-status.repository';

export interface UserStatusDeps {
  db: Db;
  /** Publishes on a real-time topic through the bus (every instance's clients). */
  publish: (topic: string, body: string) => void;
  now?: () => Date;
}

const SIGNED_IN = { kind: 'signedIn' } as const;
const SIGNED_OUT = { kind: 'signedOut' } as const;

export function createUserStatusService({ db, publish, now = () => new Date() }: UserStatusDeps) {
  /** Applies the events of one tenant; its users hear every change of the batch in one message. */
  async function apply(tenantUuid: string, changes: readonly StatusChange[], at = now()) {
    const changed = await applyStatusEvents(db, tenantUuid, changes, at);
    if (changed.length > 0) publish(topics.userStatus(tenantUuid), JSON.stringify(changed));
  }

  /** Applies events of several tenants, one transaction and one message per tenant. */
  async function applyByTenant(changes: readonly (StatusChange & { tenantUuid: string })[], at = now()) {
    const byTenant = new Map<string, StatusChange[]>();
    for (const { tenantUuid, ...change } of changes) {
      const list = byTenant.get(tenantUuid) ?? [];
      if (list.length === 0) byTenant.set(tenantUuid, list);
      list.push(change);
    }
    for (const [tenantUuid, tenantChanges] of byTenant) await apply(tenantUuid, tenantChanges, at);
  }

  return {
    list: (tenantUuid: string): Promise<UserStatusEntry[]> => tenantStatuses(db, tenantUuid),

    /** The caller's own choice; during a call it applies when the call ends. */
    async choose(auth: Auth, status: ChosenUserStatus): Promise<UserStatusEntry> {
      await apply(auth.domainUuid, [{ userUuid: auth.userUuid, event: { kind: 'chosen', status } }]);
      const mine = (await tenantStatuses(db, auth.domainUuid)).find((s) => s.userUuid === auth.userUuid);
      return mine ?? { userUuid: auth.userUuid, status, since: now().toISOString() };
    },

    /** Users now connected to the console (a presence batch): ログアウト becomes 在席. */
    signedIn: (users: readonly PresenceCount[]) =>
      applyByTenant(users.map((u) => ({ tenantUuid: u.domainUuid, userUuid: u.userUuid, event: SIGNED_IN }))),

    /**
     * Users without a console connection since `at`: those who signed out (no live session left) are
     * ログアウト at once; the others only if `stillAway` — asked again after a grace period — says they
     * have not come back (a network blip or a server restart keeps the status and records nothing).
     */
    async away(users: readonly PresenceCount[], at: Date, stillAway: boolean): Promise<string[]> {
      const ids = users.map((u) => u.userUuid);
      const gone = stillAway
        ? await onlineCountsOfUsers(db, ids, now()).then((online) => ids.filter((id) => !online.get(id)))
        : await usersWithLiveSessions(db, ids, now()).then((live) => ids.filter((id) => !live.has(id)));
      const out = new Set(gone);
      await applyByTenant(
        users
          .filter((u) => out.has(u.userUuid))
          .map((u) => ({ tenantUuid: u.domainUuid, userUuid: u.userUuid, event: SIGNED_OUT })),
        at,
      );
      return gone;
    },

    /** The tenant's channels changed: users who started or ended talking change status. */
    async channels(domainName: string, channels: readonly CallStateEntry[]): Promise<void> {
      const talking = extensionsOnCall(channels);
      const members = await usersByExtension(db, domainName);
      const tenantUuid = members[0]?.tenantUuid;
      if (!tenantUuid) return;
      const ended = members.filter((m) => m.status === 'onCall' && !talking.has(m.extension));
      const started = members.filter((m) => m.status !== 'onCall' && talking.has(m.extension));
      const seconds = ended.length > 0 ? await wrapUpSeconds(db, tenantUuid) : 0;
      await apply(tenantUuid, [
        ...started.map((m) => ({ userUuid: m.userUuid, event: { kind: 'callStarted' } as const })),
        ...ended.map((m) => ({
          userUuid: m.userUuid,
          event: { kind: 'callEnded', wrapUpSeconds: seconds } as const,
        })),
      ]);
    },

    /** Ends the automatic after-call work that is over (any instance may; the row lock makes it once). */
    async endWrapUps(): Promise<void> {
      const at = now();
      const ended = await wrapUpsEndedBy(db, at);
      await applyByTenant(
        ended.map((u) => ({ ...u, event: { kind: 'wrapUpEnded' } as const })),
        at,
      );
    },

    setting: async (tenantUuid: string): Promise<StatusSetting> => ({
      wrapUpSeconds: await wrapUpSeconds(db, tenantUuid),
    }),
    async saveSetting(tenantUuid: string, setting: StatusSetting): Promise<StatusSetting> {
      await saveWrapUpSeconds(db, tenantUuid, setting.wrapUpSeconds);
      return setting;
    },
  };
}

export type UserStatusService = ReturnType<typeof createUserStatusService>;
