/**
 * Reads one tenant's routing rows (the input of `buildTenantConfig`): one query per table, each
 * scoped to the tenant, joined here rather than in SQL so every table is read exactly once.
 */
import { flagOf, type Dialplan, type RingGroup } from '@tsunagu/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db/client';
import {
  callRecordingSettings,
  destinations,
  dialplans,
  domains,
  extensions,
  gateways,
  ivrMenuOptions,
  ivrMenus,
  ringGroupDestinations,
  ringGroups,
  speedDials,
  timeConditions,
  users,
  voicemailBoxes,
} from '../../platform/db/schema';
import { timeConditionOf } from '../../platform/db/time-condition-rows';
import type { TenantRows, VoicemailBoxRow } from '../routing';

/** A tenant's name and id. */
export interface TenantName {
  domainUuid: string;
  domainName: string;
}

/** The tenant called `domainName`, or null. */
export async function findTenantByName(conn: Conn, domainName: string): Promise<TenantName | null> {
  const [row] = await conn
    .select({ domainUuid: domains.domainUuid, domainName: domains.domainName })
    .from(domains)
    .where(eq(domains.domainName, domainName));
  return row ?? null;
}

/**
 * The name of the tenant with this id, enabled or not (null when none): ending a disabled tenant's
 * registrations needs its name, while its routing snapshot no longer exists.
 */
export async function findTenantName(conn: Conn, tenantUuid: string): Promise<string | null> {
  const [row] = await conn
    .select({ domainName: domains.domainName })
    .from(domains)
    .where(eq(domains.domainUuid, tenantUuid));
  return row?.domainName ?? null;
}

/** What a verto login is checked against: the sealed password and whether the extension works. */
export async function findExtensionLogin(conn: Conn, tenantUuid: string, extension: string) {
  const [row] = await conn
    .select({ passwordEnc: extensions.passwordEnc, enabled: extensions.enabled })
    .from(extensions)
    .where(and(eq(extensions.domainUuid, tenantUuid), eq(extensions.extension, extension)));
  return row ?? null;
}

/**
 * Everything routing needs about the tenant, or null when it does not exist or is disabled: a disabled
 * tenant has no routes, so both engines refuse its calls (to and from it) and its softphones' sign-ins.
 */
export async function loadTenantRows(conn: Conn, tenantUuid: string): Promise<TenantRows | null> {
  const [
    domainRows,
    extensionRows,
    userRows,
    groupRows,
    memberRows,
    menuRows,
    optionRows,
    planRows,
    conditionRows,
    destinationRows,
    speedRows,
    gatewayRows,
    recordingRows,
    boxRows,
  ] = await Promise.all([
    conn
      .select()
      .from(domains)
      .where(and(eq(domains.domainUuid, tenantUuid), eq(domains.enabled, true))),
    conn.select().from(extensions).where(eq(extensions.domainUuid, tenantUuid)),
    conn
      .select({ extensionUuid: users.extensionUuid, phoneType: users.phoneType, enabled: users.enabled })
      .from(users)
      .where(eq(users.domainUuid, tenantUuid))
      .orderBy(asc(users.createdAt)),
    conn.select().from(ringGroups).where(eq(ringGroups.domainUuid, tenantUuid)),
    conn
      .select()
      .from(ringGroupDestinations)
      .where(eq(ringGroupDestinations.domainUuid, tenantUuid))
      .orderBy(asc(ringGroupDestinations.sortOrder)),
    conn.select().from(ivrMenus).where(eq(ivrMenus.domainUuid, tenantUuid)),
    conn
      .select()
      .from(ivrMenuOptions)
      .where(eq(ivrMenuOptions.domainUuid, tenantUuid))
      .orderBy(asc(ivrMenuOptions.sortOrder)),
    conn.select().from(dialplans).where(eq(dialplans.domainUuid, tenantUuid)),
    conn.select().from(timeConditions).where(eq(timeConditions.domainUuid, tenantUuid)),
    conn.select().from(destinations).where(eq(destinations.domainUuid, tenantUuid)),
    conn.select().from(speedDials).where(eq(speedDials.domainUuid, tenantUuid)),
    conn.select().from(gateways).where(eq(gateways.domainUuid, tenantUuid)),
    conn
      .select({ mode: callRecordingSettings.mode })
      .from(callRecordingSettings)
      .where(eq(callRecordingSettings.domainUuid, tenantUuid)),
    conn
      .select()
      .from(voicemailBoxes)
      .where(and(eq(voicemailBoxes.domainUuid, tenantUuid), eq(voicemailBoxes.enabled, true))),
  ]);
  const domain = domainRows[0];
  if (!domain) return null;

  // The phone type of the (first enabled) user an extension is assigned to.
  const phoneTypes = new Map<string, 'verto' | 'phone'>();
  for (const user of userRows) {
    if (user.extensionUuid && user.enabled && !phoneTypes.has(user.extensionUuid)) {
      phoneTypes.set(user.extensionUuid, user.phoneType);
    }
  }
  const boxOf = new Map(boxRows.map((box) => [box.extensionUuid, box]));
  const groupOf = groupBy(memberRows, (row) => row.ringGroupUuid);
  const optionsOf = groupBy(optionRows, (row) => row.ivrMenuUuid);
  const conditionsOf = groupBy(conditionRows, (row) => row.dialplanUuid);

  return {
    tenantUuid: domain.domainUuid,
    domainName: domain.domainName,
    timeZone: domain.timeZone,
    callRecordingMode: recordingRows[0]?.mode ?? 'off',
    extensions: extensionRows.map((row) => ({
      extensionUuid: row.extensionUuid,
      extension: row.extension,
      effectiveCallerIdName: row.effectiveCallerIdName,
      outboundCallerIdNumber: row.outboundCallerIdNumber,
      enabled: row.enabled,
      doNotDisturb: row.doNotDisturb,
      forwardAllDestination: row.forwardAllDestination,
      callTimeout: row.callTimeout,
      phoneType: phoneTypes.get(row.extensionUuid) ?? null,
      voicemail: voicemailRow(boxOf.get(row.extensionUuid)),
    })),
    ringGroups: groupRows.map((row) => ({
      ringGroupExtension: row.ringGroupExtension,
      ringGroupName: row.ringGroupName,
      ringGroupGreeting: row.ringGroupGreeting,
      ringGroupStrategy: row.ringGroupStrategy,
      ringGroupEnabled: row.ringGroupEnabled,
      ringGroupTimeoutApp: row.ringGroupTimeoutApp,
      ringGroupTimeoutData: row.ringGroupTimeoutData,
      ringGroupMissedCallData: row.ringGroupMissedCallData,
      destinations: (groupOf.get(row.ringGroupUuid) ?? []).map(
        (member): RingGroup['destinations'][number] => ({
          destinationNumber: member.destinationNumber,
          destinationTimeout: member.destinationTimeout,
        }),
      ),
    })),
    ivrMenus: menuRows.map((row) => ({
      ivrMenuExtension: row.ivrMenuExtension,
      ivrMenuName: row.ivrMenuName,
      ivrMenuGreetLong: row.ivrMenuGreetLong,
      ivrMenuEnabled: row.ivrMenuEnabled,
      ivrMenuOptions: (optionsOf.get(row.ivrMenuUuid) ?? []).map((option) => ({
        ivrMenuOptionDigits: option.ivrMenuOptionDigits,
        ivrMenuOptionParam: option.ivrMenuOptionParam,
      })),
    })),
    destinations: destinationRows.map((row) => ({
      destinationNumber: row.destinationNumber,
      destinationCidNamePrefix: row.destinationCidNamePrefix ?? '',
      destinationData: row.destinationData ?? '',
      destinationEnabled: row.destinationEnabled,
    })),
    schedules: planRows.map((row): Dialplan => ({
      domainUuid: row.domainUuid,
      dialplanUuid: row.dialplanUuid,
      appUuid: row.appUuid,
      dialplanContext: row.dialplanContext,
      dialplanName: row.dialplanName,
      dialplanNumber: row.dialplanNumber,
      dialplanContinue: flagOf(row.dialplanContinue),
      dialplanOrder: row.dialplanOrder,
      dialplanEnabled: flagOf(row.dialplanEnabled),
      dialplanDescription: row.dialplanDescription,
      timeconditions: (conditionsOf.get(row.dialplanUuid) ?? []).map(timeConditionOf),
    })),
    speedDials: speedRows.map((row) => ({ commName: row.speedNumber, commSub1: row.phoneNumber })),
    gateways: gatewayRows.map((row) => ({
      gatewayUuid: row.gatewayUuid,
      gateway: row.gateway,
      enabled: row.enabled,
    })),
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** A switched-on box as routing reads it: its own greeting only when chosen and present. */
function voicemailRow(box: typeof voicemailBoxes.$inferSelect | undefined): VoicemailBoxRow | null {
  if (!box) return null;
  return {
    onNoAnswer: box.onNoAnswer,
    noAnswerSeconds: box.noAnswerSeconds,
    onBusy: box.onBusy,
    greeting: box.ownGreeting ? box.greetingStorageName : null,
  };
}
