import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RECORDING,
  destinationData,
  isFlagOn,
  ivrDestinations,
  newRingGroupForm,
  ringGroupFromForm,
  type RingGroupForm,
} from '@tsunagu/contract';
import { newSchedule, type Dialplan, type TimeCondition } from '@tsunagu/contract/schedule/schema';
import type { RecordingStorage } from '../files/recording-storage';
import { sineWav } from '../files/wav';
import type { Tx } from './client';
import {
  destinations,
  dialplans,
  ivrMenuOptions,
  ivrMenus,
  recordings,
  ringGroupDestinations,
  ringGroups,
  speedDials,
  timeConditions,
} from './schema';
import { timeConditionColumns } from './time-condition-rows';

/** Demo PBX objects (recordings, ring groups, IVR, schedule, incoming numbers, speed dials), built with the contract. */

export interface SeedTenant {
  domainUuid: string;
  domainName: string;
}

/** [recordingName, recordingFilename, tone Hz, built-in]. Every file is a real one-second WAV. */
export type RecordingSeed = [string, string, number, boolean];

/** The built-in recordings every tenant starts with. */
export const DEFAULT_RECORDINGS: RecordingSeed[] = [
  ['標準ガイダンス', 'default_welcome.wav', 440, true],
  ['標準保留音', 'default_hold.wav', 523, true],
  ['標準時間外案内', 'default_closed.wav', 392, true],
];

export async function addRecordings(
  tx: Tx,
  storage: RecordingStorage,
  tenant: SeedTenant,
  list: RecordingSeed[],
) {
  for (const [recordingName, recordingFilename, frequency, builtIn] of [...DEFAULT_RECORDINGS, ...list]) {
    const bytes = sineWav({ seconds: 1, frequency });
    const storageName = await storage.save(tenant.domainUuid, 'wav', bytes);
    await tx.insert(recordings).values({
      recordingUuid: randomUUID(),
      domainUuid: tenant.domainUuid,
      recordingName,
      recordingFilename,
      storageName,
      recordingDescription: builtIn ? DEFAULT_RECORDING : null,
      sizeBytes: bytes.length,
    });
  }
}

export async function addRingGroup(tx: Tx, tenant: SeedTenant, form: Partial<RingGroupForm>) {
  const { destinations: members, ...fields } = ringGroupFromForm(
    { ...newRingGroupForm(), ...form },
    tenant.domainName,
  );
  const ringGroupUuid = randomUUID();
  await tx.insert(ringGroups).values({
    ...fields,
    ringGroupEnabled: isFlagOn(fields.ringGroupEnabled),
    ringGroupUuid,
    domainUuid: tenant.domainUuid,
  });
  await tx
    .insert(ringGroupDestinations)
    .values(
      members.map((m, sortOrder) => ({ ...m, ringGroupUuid, domainUuid: tenant.domainUuid, sortOrder })),
    );
}

/** An IVR menu whose options point at the given numbers, with the values the destination select offers. */
export async function addIvr(
  tx: Tx,
  tenant: SeedTenant,
  menu: { name: string; number: string; greeting: string; description: string },
  options: { digit: string; ext: string }[],
  targets: Parameters<typeof ivrDestinations>[0],
) {
  const ivrMenuUuid = randomUUID();
  await tx.insert(ivrMenus).values({
    ivrMenuUuid,
    domainUuid: tenant.domainUuid,
    ivrMenuName: menu.name,
    ivrMenuExtension: menu.number,
    ivrMenuGreetLong: menu.greeting,
    ivrMenuDescription: menu.description,
  });
  const choices = ivrDestinations(targets, tenant.domainName);
  await tx.insert(ivrMenuOptions).values(
    options.map((o, sortOrder) => ({
      ivrMenuOptionUuid: randomUUID(),
      ivrMenuUuid,
      domainUuid: tenant.domainUuid,
      ivrMenuOptionDigits: o.digit,
      ivrMenuOptionParam: choices.find((c) => c.ext === o.ext)?.value ?? '',
      sortOrder,
    })),
  );
}

/** A business-hours schedule: its default ('anti') condition plus the given ones. */
export async function addSchedule(
  tx: Tx,
  tenant: SeedTenant,
  name: string,
  number: string,
  anti: Partial<TimeCondition>,
  conditions: TimeCondition[],
) {
  const schedule: Dialplan = newSchedule(name, tenant);
  const dialplanUuid = randomUUID();
  await tx.insert(dialplans).values({
    dialplanUuid,
    domainUuid: tenant.domainUuid,
    dialplanContext: schedule.dialplanContext,
    dialplanName: schedule.dialplanName,
    dialplanNumber: number,
    dialplanContinue: isFlagOn(schedule.dialplanContinue),
    dialplanOrder: schedule.dialplanOrder,
    dialplanEnabled: isFlagOn(schedule.dialplanEnabled),
  });
  const all = schedule.timeconditions.map((c) => ({ ...c, ...anti })).concat(conditions);
  // The demo links no recording row to its conditions.
  const owner = { dialplanUuid, domainUuid: tenant.domainUuid };
  await tx
    .insert(timeConditions)
    .values(
      all.map((c) =>
        timeConditionColumns({ ...c, timeConditionUuid: randomUUID(), recordingUuid: null }, owner),
      ),
    );
}

export async function addDestinations(
  tx: Tx,
  tenant: SeedTenant,
  scheduleNumber: string,
  list: [number: string, name: string][],
) {
  await tx.insert(destinations).values(
    list.map(([destinationNumber, name]) => ({
      destinationUuid: randomUUID(),
      domainUuid: tenant.domainUuid,
      destinationNumber,
      destinationCidNamePrefix: name,
      destinationData: destinationData(scheduleNumber, tenant.domainName),
    })),
  );
}

export async function addSpeedDials(
  tx: Tx,
  tenant: SeedTenant,
  list: [number: string, phone: string, memo: string][],
) {
  await tx.insert(speedDials).values(
    list.map(([speedNumber, phoneNumber, memo]) => ({
      speedDialUuid: randomUUID(),
      domainUuid: tenant.domainUuid,
      speedNumber,
      phoneNumber,
      memo,
    })),
  );
}
