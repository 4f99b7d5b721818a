/**
 * The plain rows a tenant's routing is built from, named after the contract's entity fields. Flags
 * may arrive as the API's 'true'/'false' strings or as database booleans.
 */
import type { CallRecordingMode } from '@tsunagu/contract';
import type { Destination, IvrMenu, RingGroup, SpeedDial } from '@tsunagu/contract';
import type { Dialplan } from '@tsunagu/contract';

/** true or 'true' means on; anything else means off (spec 4 "Flag values"). */
export type FlagValue = boolean | string | null | undefined;

/** An extension, with the phone type of the user it is assigned to. */
export interface ExtensionRow {
  extensionUuid: string;
  extension: string;
  effectiveCallerIdName?: string | null;
  /** One of the tenant's gateway numbers, or ''. */
  outboundCallerIdNumber?: string | null;
  enabled: FlagValue;
  doNotDisturb: FlagValue;
  forwardAllDestination?: string | null;
  /** Seconds a direct call rings; 30 when absent. */
  callTimeout?: number | null;
  /** 'verto' = the user works with the browser softphone; absent when no user has the extension. */
  phoneType?: 'verto' | 'phone' | null;
  /** The extension's voicemail box when it is switched on; absent or null when off. */
  voicemail?: VoicemailBoxRow | null;
}

/** A switched-on voicemail box: when it takes calls, and its own greeting's stored name (null: standard). */
export interface VoicemailBoxRow {
  onNoAnswer: boolean;
  noAnswerSeconds: number;
  onBusy: boolean;
  greeting: string | null;
}

export type RingGroupRow = Pick<
  RingGroup,
  | 'ringGroupExtension'
  | 'ringGroupName'
  | 'ringGroupGreeting'
  | 'ringGroupStrategy'
  | 'ringGroupTimeoutApp'
  | 'ringGroupTimeoutData'
  | 'ringGroupMissedCallData'
  | 'destinations'
> & { ringGroupEnabled?: FlagValue };

export type IvrMenuRow = Pick<IvrMenu, 'ivrMenuExtension' | 'ivrMenuName' | 'ivrMenuGreetLong'> & {
  ivrMenuEnabled?: FlagValue;
  /** Digits are read as stored; an option whose digit is not 0–9, # or * is ignored. */
  ivrMenuOptions: readonly { ivrMenuOptionDigits: string; ivrMenuOptionParam: string }[];
};

export type DestinationRow = Pick<
  Destination,
  'destinationNumber' | 'destinationCidNamePrefix' | 'destinationData'
> & { destinationEnabled: FlagValue };

export type SpeedDialRow = Pick<SpeedDial, 'commName' | 'commSub1'>;

/** A tenant line: its number is what calls leaving on it present. */
export interface GatewayRow {
  gatewayUuid: string;
  gateway: string;
  enabled?: FlagValue;
}

/** Everything routing needs about one tenant. */
export interface TenantRows {
  tenantUuid: string;
  domainName: string;
  /** IANA zone the schedules are read in; Asia/Tokyo when absent or unknown. */
  timeZone?: string | null;
  /** The tenant's call recording setting; absent: off. */
  callRecordingMode?: CallRecordingMode;
  extensions: readonly ExtensionRow[];
  ringGroups: readonly RingGroupRow[];
  ivrMenus: readonly IvrMenuRow[];
  destinations: readonly DestinationRow[];
  /** Business-hours schedules; destinations point at them by dialplanNumber. */
  schedules: readonly Dialplan[];
  speedDials: readonly SpeedDialRow[];
  gateways: readonly GatewayRow[];
}

/** Reads a flag (spec 4: only 'true' is on). Absent flags take the given default. */
export function isOn(value: FlagValue, absent = false): boolean {
  if (value === null || value === undefined) return absent;
  return value === true || value === 'true';
}
