/**
 * One tenant's routing configuration: an immutable snapshot of its rows, indexed for O(1) lookups
 * and with everything that does not depend on the call (ring targets, IVR choices, compiled
 * schedules) prepared once, since routing sits on every call's path.
 */
import { isSpeedDialNumber, type RingGroupStrategy } from '@tsunagu/contract';
import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  type CallRecordingMode,
  type ScheduleEvaluator,
} from '@tsunagu/contract';
import {
  destinationEntry,
  extensionEntry,
  gatewayEntries,
  ivrEntry,
  parkSlots,
  ringGroupEntry,
  scheduleEntry,
} from './config-entries';
import type {
  IvrPlan,
  MonitorPlan,
  ParkSlot,
  PickupPlan,
  RingExtensionPlan,
  RingTarget,
  RoutePlan,
} from './route-plan';
import type { TenantRows } from './tenant-rows';

export interface ExtensionEntry {
  readonly extension: string;
  readonly extensionUuid: string;
  readonly enabled: boolean;
  readonly doNotDisturb: boolean;
  /** Forward-all number as dialled, '' when off. */
  readonly forward: string;
  /** The caller number (a gateway) calls from this extension present, '' when unset. */
  readonly outboundCallerIdNumber: string;
  readonly phoneType: 'verto' | 'phone' | null;
  /** Ringing it directly. */
  readonly ring: RingExtensionPlan;
  readonly monitor: MonitorPlan;
  readonly pickup: PickupPlan;
}

/** A ring group's no-answer action: a ready plan, or a transfer resolved when routing. */
export type NoAnswerRule =
  | { readonly kind: 'plan'; readonly plan: RoutePlan }
  | { readonly kind: 'transfer'; readonly number: string };

export interface RingGroupEntry {
  readonly number: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly strategy: RingGroupStrategy;
  readonly greeting: string | null;
  readonly missedCallEmail: string | null;
  /** Members that can ring, in extension order (see config-entries.ts for who is left out). */
  readonly members: readonly RingTarget[];
  readonly noAnswer: NoAnswerRule;
}

export interface IvrEntry {
  readonly enabled: boolean;
  readonly plan: IvrPlan;
}

export interface DestinationEntry {
  readonly number: string;
  readonly callerIdNamePrefix: string;
  readonly enabled: boolean;
  /** The schedule it follows, null when destinationData names none in this tenant. */
  readonly dialplanNumber: string | null;
}

export interface ScheduleEntry {
  readonly dialplanNumber: string;
  readonly name: string;
  /** The condition applying at an instant (compiled once in the tenant's zone). */
  readonly evaluate: ScheduleEvaluator;
  /** The default condition's absence mail and announcement, for voicemail conditions without their own. */
  readonly voicemail: { readonly email: string | null; readonly announcement: string | null };
}

export interface GatewayEntry {
  readonly gatewayUuid: string;
  readonly gateway: string;
}

export interface TenantConfig {
  readonly tenantUuid: string;
  readonly domainName: string;
  readonly timeZone: string;
  /** off / onDemand / always: 'always' records every connected call from its answer. */
  readonly callRecordingMode: CallRecordingMode;
  readonly extensions: ReadonlyMap<string, ExtensionEntry>;
  readonly ringGroups: ReadonlyMap<string, RingGroupEntry>;
  readonly ivrMenus: ReadonlyMap<string, IvrEntry>;
  /** Incoming numbers by destinationNumber. */
  readonly destinations: ReadonlyMap<string, DestinationEntry>;
  /** Enabled schedules by dialplanNumber. */
  readonly schedules: ReadonlyMap<string, ScheduleEntry>;
  /** Speed number ('01'–'99') → the number it dials. */
  readonly speedDials: ReadonlyMap<string, string>;
  /** Enabled gateways by their number. */
  readonly gateways: ReadonlyMap<string, GatewayEntry>;
  /** The line for callers without an outbound number of their own: the first enabled gateway. */
  readonly defaultGateway: GatewayEntry | null;
  /** P1–P8. */
  readonly parkSlots: readonly ParkSlot[];
}

/** What a number is in the tenant (IVR first, then ring group, then extension), or null. */
export function targetKind(
  config: { [K in 'ivrMenus' | 'ringGroups' | 'extensions']: ReadonlyMap<string, unknown> },
  number: string,
): 'ivr' | 'ringGroup' | 'extension' | null {
  if (config.ivrMenus.has(number)) return 'ivr';
  if (config.ringGroups.has(number)) return 'ringGroup';
  if (config.extensions.has(number)) return 'extension';
  return null;
}

/** Builds the snapshot from rows. Rows repeating a number are ignored after the first. */
export function buildTenantConfig(rows: TenantRows): TenantConfig {
  const { domainName } = rows;
  const timeZone = rows.timeZone && isTimeZone(rows.timeZone) ? rows.timeZone : DEFAULT_TIME_ZONE;
  const extensions = indexBy(rows.extensions.map(extensionEntry), (e) => e.extension);
  const ringGroups = indexBy(
    rows.ringGroups.map((row) => ringGroupEntry(row, extensions, domainName)),
    (g) => g.number,
  );
  // IVR choices are checked against every target, IVRs included, so the menu numbers come first.
  const ivrNumbers = new Map(rows.ivrMenus.map((row) => [row.ivrMenuExtension.trim(), null]));
  const targets = { ivrMenus: ivrNumbers, ringGroups, extensions };
  const ivrMenus = indexBy(
    rows.ivrMenus.map((row) => ivrEntry(row, (n) => targetKind(targets, n), domainName)),
    (m) => m.plan.number,
  );
  const gateways = gatewayEntries(rows.gateways);
  return Object.freeze({
    tenantUuid: rows.tenantUuid,
    domainName,
    timeZone,
    callRecordingMode: rows.callRecordingMode ?? 'off',
    extensions,
    ringGroups,
    ivrMenus,
    destinations: indexBy(
      rows.destinations.map((row) => destinationEntry(row, domainName)),
      (d) => d.number,
    ),
    schedules: indexBy(
      rows.schedules.flatMap((schedule) => scheduleEntry(schedule, timeZone)),
      (s) => s.dialplanNumber,
    ),
    speedDials: new Map(
      [...indexBy(rows.speedDials, (row) => row.commName.trim())]
        .filter(([speed]) => isSpeedDialNumber(speed))
        .map(([speed, row]) => [speed, row.commSub1]),
    ),
    gateways: indexBy(gateways, (g) => g.gateway),
    defaultGateway: gateways[0] ?? null,
    parkSlots: parkSlots(domainName),
  });
}

function indexBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (k !== '' && !map.has(k)) map.set(k, item);
  }
  return map;
}
