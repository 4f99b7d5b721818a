import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RECORDING,
  destinationData,
  isBlank,
  newSchedule,
  type TimeCondition,
} from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { insertDestination } from '../features/destinations/destinations.repository';
import { insertRecording } from '../features/recordings/recordings.repository';
import {
  insertDialplan,
  listRecordingFiles,
  replaceConditions,
} from '../features/schedules/schedules.repository';
import {
  nextScheduleNumber,
  referenceMessage,
  referencesOf,
  storedConditions,
} from '../features/schedules/schedules.service';
import { insertSpeedDial } from '../features/speed-dials/speed-dials.repository';
import { hashPassword } from '../platform/auth/passwords';
import { generateExtensionPassword, type SecretBox } from '../platform/crypto/secrets';
import type { Db } from '../platform/db/client';
import {
  cdrs,
  destinations,
  dialplans,
  domains,
  extensions,
  gateways,
  ivrMenus,
  recordings,
  ringGroups,
  speedDials,
  userGroupMembers,
  userGroups,
  users,
} from '../platform/db/schema';
import { STAFF_MENU } from '../platform/db/seed';
import { DEFAULT_RECORDINGS } from '../platform/db/seed-pbx';
import type { RecordingStorage } from '../platform/files/recording-storage';
import { sineWav } from '../platform/files/wav';
import { storeCallOf, type CallRow as FoldedCallRow } from '../platform/call-model/store-call';
import { applyCallToRecall } from '../platform/call-model/recall-life-cycle';
import { createTenantNumbers, lowestFreeFrom } from './tenant-numbers';

/** The password every built user signs in with. */
export const FACTORY_PASSWORD = 'Factory#2026';

type TenantRow = typeof domains.$inferSelect;
type ExtensionRow = typeof extensions.$inferSelect;
type UserRow = typeof users.$inferSelect;
type CallRow = typeof cdrs.$inferSelect;
type GatewayRow = typeof gateways.$inferSelect;
type UserGroupRow = typeof userGroups.$inferSelect;
type RingGroupRow = typeof ringGroups.$inferSelect;
type IvrMenuRow = typeof ivrMenus.$inferSelect;
type RecordingRow = typeof recordings.$inferSelect;
type ScheduleRow = typeof dialplans.$inferSelect;
type DestinationRow = typeof destinations.$inferSelect;
type SpeedDialRow = typeof speedDials.$inferSelect;

/** What a built schedule holds besides its default condition. */
export interface ScheduleParts {
  /** Unique unless given. */
  name?: string;
  /** Merged into the default ('anti') condition, e.g. an announcement out of hours. */
  anti?: Partial<TimeCondition>;
  /** The schedule's other conditions. */
  conditions?: TimeCondition[];
}

/**
 * Builds the rows a test needs, in a tenant of its own, so its assertions never depend on the demo
 * data (model: Outline's server/test/factories.ts). Every name is unique in the database; each
 * builder takes overrides for what the test is about and fills in the rest.
 */
export interface Factories {
  tenant(overrides?: Partial<typeof domains.$inferInsert>): Promise<TenantRow>;
  /** An extension (the lowest number from 2001 no row of the tenant dials, unless given). */
  extension(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof extensions.$inferInsert, 'domainUuid'>>,
  ): Promise<ExtensionRow>;
  /** A user (staff unless `userClass` says 'CP' or 'SP'); sign in with `FACTORY_PASSWORD`. */
  user(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof users.$inferInsert, 'domainUuid' | 'passwordHash'>>,
  ): Promise<UserRow>;
  /** An outside line (gateway) of the tenant. */
  gateway(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof gateways.$inferInsert, 'domainUuid'>>,
  ): Promise<GatewayRow>;
  /** A presence group with its members, in the order given. */
  userGroup(
    tenant: TenantRow,
    members: UserRow[],
    overrides?: Partial<Omit<typeof userGroups.$inferInsert, 'domainUuid'>>,
  ): Promise<UserGroupRow>;
  /** One finished call leg in the extension's history. */
  call(
    extension: ExtensionRow,
    overrides?: Partial<Omit<typeof cdrs.$inferInsert, 'domainUuid' | 'extensionUuid'>>,
  ): Promise<CallRow>;
  /**
   * A whole call as the intake stores it: its legs (the first is the caller's unless `originating` says
   * otherwise), then the call folded from them and the recall item a missed call opens.
   */
  foldedCall(
    tenant: TenantRow,
    legs: Partial<Omit<typeof cdrs.$inferInsert, 'domainUuid' | 'callId'>>[],
  ): Promise<FoldedCallRow>;
  /** A ring group without members (the lowest free number from 300 unless given), in the tenant's context. */
  ringGroup(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof ringGroups.$inferInsert, 'domainUuid'>>,
  ): Promise<RingGroupRow>;
  /** An IVR menu without options (the lowest free number from 5000 unless given). */
  ivrMenu(
    tenant: TenantRow,
    overrides?: Partial<Omit<typeof ivrMenus.$inferInsert, 'domainUuid'>>,
  ): Promise<IvrMenuRow>;
  /**
   * A recording as an upload stores it: a real one-second WAV (or the given bytes) in the tenant's
   * storage. `builtIn` makes it one of the standard recordings (description DEFAULT), which users may
   * play but neither change, delete nor download.
   */
  recording(
    tenant: TenantRow,
    overrides?: { recordingName?: string; recordingFilename?: string; builtIn?: boolean; bytes?: Buffer },
  ): Promise<RecordingRow>;
  /** The standard recordings the demo tenants start with (default_welcome/hold/closed.wav), in that order. */
  builtInRecordings(tenant: TenantRow): Promise<RecordingRow[]>;
  /**
   * A business-hours schedule as the save stores it: the lowest free number from 2000, the default
   * condition at its fixed priority, announcements linked to their recording rows. A recording it
   * announces that the tenant lacks is built first (the save refuses a schedule without it); a call
   * target it names must exist (build it first), or the factory throws the save's message.
   */
  schedule(tenant: TenantRow, parts?: ScheduleParts): Promise<ScheduleRow>;
  /** An incoming number routed to the schedule (unique numbers from 0501000001 unless given). */
  destination(
    tenant: TenantRow,
    schedule: Pick<ScheduleRow, 'dialplanNumber'>,
    overrides?: {
      destinationNumber?: string;
      destinationCidNamePrefix?: string;
      destinationEnabled?: boolean;
    },
  ): Promise<DestinationRow>;
  /** A speed dial (numbers 01, 02 … per tenant unless given). */
  speedDial(
    tenant: TenantRow,
    overrides?: { speedNumber?: string; phoneNumber?: string; memo?: string | null },
  ): Promise<SpeedDialRow>;
}

/** The recordings a schedule announces (out of hours, or on absence). */
const announcedFiles = (conditions: readonly TimeCondition[]) =>
  conditions.flatMap((c) => [
    ...(c.timeConditionActionType === 'announce' && !isBlank(c.timeConditionAnnounce)
      ? [c.timeConditionAnnounce]
      : []),
    ...(isBlank(c.timeConditionVoiceMailAnnounce) ? [] : [c.timeConditionVoiceMailAnnounce]),
  ]);

export function createFactories(db: Db, secrets: SecretBox, storage: RecordingStorage): Factories {
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}${++sequence}-${randomUUID().slice(0, 8)}`;
  // Dialable numbers (extensions from 2001, ring groups 300, IVR menus 5000, schedules 2000) are drawn
  // from one per-tenant allocator that sees every kind; speed dials count on their own.
  const numbers = createTenantNumbers(db);
  const speedNumbers = new Map<string, number>();
  const nextSpeedDial = (tenantUuid: string) => {
    const next = speedNumbers.get(tenantUuid) ?? 1;
    speedNumbers.set(tenantUuid, next + 1);
    return String(next).padStart(2, '0');
  };
  // The hash is slow by design; every built user shares one, made when the first is built.
  let hash: Promise<string> | undefined;
  const passwordHash = () => (hash ??= hashPassword(FACTORY_PASSWORD));

  const built: Factories = {
    async tenant(overrides = {}) {
      const values = { domainUuid: randomUUID(), domainName: `${unique('tenant')}.test.local`, ...overrides };
      const [row] = await db.insert(domains).values(values).returning();
      return row!;
    },
    async extension(tenant, overrides = {}) {
      const number = numbers.draw(tenant.domainUuid, lowestFreeFrom(2001), overrides.extension);
      const values = {
        extensionUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        passwordEnc: secrets.seal(generateExtensionPassword()),
        ...overrides,
        extension: await number,
      };
      const [row] = await db.insert(extensions).values(values).returning();
      return row!;
    },
    async user(tenant, overrides = {}) {
      const userClass = overrides.userClass ?? 'USER';
      const values = {
        userUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        username: unique('user'),
        passwordHash: await passwordHash(),
        userClass,
        menu: userClass === 'USER' ? STAFF_MENU : '[]',
        ...overrides,
      };
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async gateway(tenant, overrides = {}) {
      const values = {
        gatewayUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        gateway: `03${String(++sequence).padStart(8, '0')}`,
        ...overrides,
      };
      const [row] = await db.insert(gateways).values(values).returning();
      return row!;
    },
    async userGroup(tenant, members, overrides = {}) {
      const values = {
        userGroupUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        name: unique('group'),
        ...overrides,
      };
      const [row] = await db.insert(userGroups).values(values).returning();
      if (members.length > 0)
        await db.insert(userGroupMembers).values(
          members.map((m, i) => ({
            userGroupUuid: row!.userGroupUuid,
            userUuid: m.userUuid,
            sortOrder: i,
          })),
        );
      return row!;
    },
    async call(extension, overrides = {}) {
      const values = {
        cdrUuid: randomUUID(),
        domainUuid: extension.domainUuid,
        extensionUuid: extension.extensionUuid,
        callUuid: unique('call'),
        direction: 'inbound' as const,
        startStamp: new Date(),
        ...overrides,
      };
      const [row] = await db.insert(cdrs).values(values).returning();
      return row!;
    },
    async foldedCall(tenant, legs) {
      const callId = randomUUID();
      const startStamp = new Date();
      return db.transaction(async (tx) => {
        await tx.insert(cdrs).values(
          legs.map((leg, index) => ({
            cdrUuid: randomUUID(),
            domainUuid: tenant.domainUuid,
            callUuid: randomUUID(),
            callId,
            originating: index === 0,
            direction: 'inbound' as const,
            startStamp,
            ...leg,
          })),
        );
        const stored = await storeCallOf(tx, tenant.domainUuid, callId);
        if (!stored) throw new Error('foldedCall: no originating leg, so no call was stored');
        await applyCallToRecall(tx, stored.call);
        return stored.call;
      });
    },
    async ringGroup(tenant, overrides = {}) {
      const number = numbers.draw(tenant.domainUuid, lowestFreeFrom(300), overrides.ringGroupExtension);
      const values = {
        ringGroupUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        ringGroupContext: tenant.domainName,
        ringGroupName: unique('group'),
        ...overrides,
        ringGroupExtension: await number,
      };
      const [row] = await db.insert(ringGroups).values(values).returning();
      return row!;
    },
    async ivrMenu(tenant, overrides = {}) {
      const number = numbers.draw(tenant.domainUuid, lowestFreeFrom(5000), overrides.ivrMenuExtension);
      const values = {
        ivrMenuUuid: randomUUID(),
        domainUuid: tenant.domainUuid,
        ivrMenuName: unique('ivr'),
        ivrMenuGreetLong: '',
        ...overrides,
        ivrMenuExtension: await number,
      };
      const [row] = await db.insert(ivrMenus).values(values).returning();
      return row!;
    },
    async recording(tenant, overrides = {}) {
      const recordingFilename = overrides.recordingFilename ?? `${unique('recording')}.wav`;
      const format = recordingFilename.endsWith('.mp3') ? 'mp3' : 'wav';
      const bytes = overrides.bytes ?? sineWav({ seconds: 1, frequency: 440 });
      const recordingUuid = randomUUID();
      await insertRecording(db, tenant.domainUuid, {
        recordingUuid,
        recordingName: overrides.recordingName ?? recordingFilename,
        recordingFilename,
        storageName: await storage.save(tenant.domainUuid, format, bytes),
        sizeBytes: bytes.length,
      });
      const [row] = await db
        .update(recordings)
        .set({ recordingDescription: overrides.builtIn ? DEFAULT_RECORDING : null })
        .where(and(eq(recordings.domainUuid, tenant.domainUuid), eq(recordings.recordingUuid, recordingUuid)))
        .returning();
      return row!;
    },
    async builtInRecordings(tenant) {
      const rows: RecordingRow[] = [];
      for (const [recordingName, recordingFilename, frequency] of DEFAULT_RECORDINGS) {
        const bytes = sineWav({ seconds: 1, frequency });
        rows.push(await built.recording(tenant, { recordingName, recordingFilename, bytes, builtIn: true }));
      }
      return rows;
    },
    async schedule(tenant, parts = {}) {
      const created = newSchedule(parts.name ?? unique('schedule'), tenant);
      const conditions = [
        ...created.timeconditions.map((c) => ({ ...c, ...parts.anti })),
        ...(parts.conditions ?? []),
      ];
      const have = new Set((await listRecordingFiles(db, tenant.domainUuid)).map((r) => r.filename));
      for (const file of new Set(announcedFiles(conditions)))
        if (!have.has(file)) await built.recording(tenant, { recordingFilename: file });
      const schedule = { ...created, timeconditions: conditions };
      const dialplanUuid = randomUUID();
      const dialplanNumber = await numbers.draw(tenant.domainUuid, nextScheduleNumber);
      await db.transaction(async (tx) => {
        const refs = await referencesOf(tx, tenant.domainUuid);
        const refused = referenceMessage(schedule, refs);
        if (refused) throw new Error(`schedule factory: ${refused} (build the target first)`);
        const { appUuid, dialplanContext, dialplanName, dialplanContinue, dialplanOrder } = schedule;
        const { dialplanEnabled, dialplanDescription } = schedule;
        await insertDialplan(
          tx,
          tenant.domainUuid,
          { dialplanUuid, dialplanNumber },
          {
            appUuid,
            dialplanContext,
            dialplanName,
            dialplanContinue,
            dialplanOrder,
            dialplanEnabled,
            dialplanDescription,
          },
        );
        const stored = storedConditions(schedule.timeconditions, new Set(), refs);
        await replaceConditions(tx, tenant.domainUuid, dialplanUuid, stored);
      });
      const [row] = await db.select().from(dialplans).where(eq(dialplans.dialplanUuid, dialplanUuid));
      return row!;
    },
    async destination(tenant, schedule, overrides = {}) {
      const destinationUuid = randomUUID();
      await insertDestination(db, tenant.domainUuid, {
        destinationUuid,
        destinationNumber: `050${String(1_000_000 + ++sequence).padStart(8, '0')}`,
        destinationCidNamePrefix: unique('number'),
        destinationData: destinationData(schedule.dialplanNumber, tenant.domainName),
        destinationEnabled: true,
        ...overrides,
      });
      const [row] = await db
        .select()
        .from(destinations)
        .where(eq(destinations.destinationUuid, destinationUuid));
      return row!;
    },
    async speedDial(tenant, overrides = {}) {
      const speedDialUuid = randomUUID();
      await insertSpeedDial(db, tenant.domainUuid, speedDialUuid, {
        speedNumber: nextSpeedDial(tenant.domainUuid),
        phoneNumber: `03${String(++sequence).padStart(8, '0')}`,
        memo: unique('memo'),
        ...overrides,
      });
      const [row] = await db.select().from(speedDials).where(eq(speedDials.speedDialUuid, speedDialUuid));
      return row!;
    },
  };
  return built;
}
