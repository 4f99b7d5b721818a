import {
  extensionsOnCall,
  topics,
  type ChosenUserStatus,
  type StatusSetting,
  type UserStatusEntry,
} from '@tsunagu/contract';
import type { Auth } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/client';
import type { CallStateEntry } from '../../telephony/engine';
import type { StatusEvent } from './status-transitions';
import {
  applyStatusEvent,
  saveWrapUpSeconds,
  tenantStatuses,
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

export function createUserStatusService({ db, publish, now = () => new Date() }: UserStatusDeps) {
  async function apply(tenantUuid: string, userUuid: string, event: StatusEvent, at = now()) {
    const changed = await applyStatusEvent(db, tenantUuid, userUuid, event, at);
    if (changed) publish(topics.userStatus(tenantUuid), JSON.stringify(changed));
    return changed;
  }

  return {
    list: (tenantUuid: string): Promise<UserStatusEntry[]> => tenantStatuses(db, tenantUuid),

    /** The caller's own choice; during a call it applies when the call ends. */
    async choose(auth: Auth, status: ChosenUserStatus): Promise<UserStatusEntry> {
      await apply(auth.domainUuid, auth.userUuid, { kind: 'chosen', status });
      const mine = (await tenantStatuses(db, auth.domainUuid)).find((s) => s.userUuid === auth.userUuid);
      return mine ?? { userUuid: auth.userUuid, status, since: now().toISOString() };
    },

    /** A user's console sign-in count changed (0: signed out everywhere). */
    presence: (tenantUuid: string, userUuid: string, online: boolean) =>
      apply(tenantUuid, userUuid, { kind: online ? 'signedIn' : 'signedOut' }),

    /** The tenant's channels changed: users who started or ended talking change status. */
    async channels(domainName: string, channels: readonly CallStateEntry[]): Promise<void> {
      const talking = extensionsOnCall(channels);
      const members = await usersByExtension(db, domainName);
      const tenantUuid = members[0]?.tenantUuid;
      if (!tenantUuid) return;
      const ended = members.filter((m) => m.status === 'onCall' && !talking.has(m.extension));
      const started = members.filter((m) => m.status !== 'onCall' && talking.has(m.extension));
      const seconds = ended.length > 0 ? await wrapUpSeconds(db, tenantUuid) : 0;
      await Promise.all([
        ...started.map((m) => apply(tenantUuid, m.userUuid, { kind: 'callStarted' })),
        ...ended.map((m) => apply(tenantUuid, m.userUuid, { kind: 'callEnded', wrapUpSeconds: seconds })),
      ]);
    },

    /** Ends the automatic after-call work that is over (any instance may; the row lock makes it once). */
    async endWrapUps(): Promise<void> {
      const at = now();
      for (const { tenantUuid, userUuid } of await wrapUpsEndedBy(db, at)) {
        await apply(tenantUuid, userUuid, { kind: 'wrapUpEnded' }, at);
      }
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
