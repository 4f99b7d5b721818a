/**
 * The telephony engine as the rest of the server sees it: the built-in sandbox or FreeSWITCH.
 * Engines name tenants by domain name (FreeSWITCH's domain), the server maps names to tenants.
 */
import { type CallStateItem, type DeskPhoneState, type LegStage } from '@tsunagu/contract';
import { Refusal } from '@tsunagu/contract/refusal';
import type { ConfigKind, ConfigListener } from '../platform/pbx/config-kind';

export type { ConfigKind };

export type ChannelState = 'RINGING' | 'EARLY' | 'ACTIVE' | 'HELD' | 'DOWN';

/** One channel as the presence panel shows it (spec 3 "Call state entry"), in the states engines report. */
export interface CallStateEntry extends CallStateItem {
  callstate: ChannelState;
}

/** One of the eight park slots P1–P8 (extensions 5901–5908). */
export interface ParkSlot {
  slot: number;
  extension: string;
  occupied: boolean;
  callerIdNumber: string;
  callerIdName: string;
}

/** An extension is ringing: the server tells its user (pop-up, customer lookup). */
export interface RingNotice {
  domainName: string;
  extension: string;
  callId: string;
  callerName: string;
  callerNumber: string;
  /** The ring is the first leg of a click-to-call (the user's own desk phone). */
  clickToCall: boolean;
}

/**
 * What a finished leg asks the console to mail (spec: timeConditionVoiceMail with a voicemail action,
 * ringGroupMissedCallData). Present only when an address is set.
 */
export interface AbsenceMail {
  /** The call these facts belong to, shared by its legs: at most one mail of each kind goes out per call. */
  callId: string;
  /** The caller reached voicemail (留守番電話) whose settings name an address. */
  voicemail?: {
    email: string;
    /** Length of the recorded message in whole seconds (0: nothing was recorded). */
    seconds: number;
    /** The message's audio file as this server reads it; null when none is kept. */
    recording: string | null;
  };
  /** A ring group with a missed-call address rang and the call was never put through to anyone. */
  missedCall?: { email: string; groupName: string; groupNumber: string };
}

/** A finished call leg, as it becomes a call-history row. */
export interface CallRecord {
  domainName: string;
  /** Unique per leg: storing is idempotent on it. */
  callUuid: string;
  /** The tenant extension whose leg this is, or null. */
  extension: string | null;
  direction: 'inbound' | 'outbound' | 'local';
  callerIdName: string;
  callerIdNumber: string;
  destinationNumber: string;
  startStamp: Date;
  answerStamp: Date | null;
  endStamp: Date;
  billsec: number;
  hangupCause: string;
  /** The whole call's id, shared by all its legs: the originating leg's id. */
  callId: string;
  /** The leg that started the call (the caller's side); false for legs it rang. */
  originating: boolean;
  /** Was connected to another party (a person, not an announcement, IVR or voicemail). */
  bridged: boolean;
  /** Where the leg was when it ended, as far as the call's result cares. */
  endedIn: LegStage;
  /** An incoming number's schedule sent it to its closed-hours branch. */
  outOfHours: boolean;
  /** Absence mails this leg calls for; absent when none. */
  absence?: AbsenceMail;
}

/** A caller left a message in an extension's voicemail box. */
export interface VoicemailDeposit {
  domainName: string;
  /** The box: its extension's number. */
  extension: string;
  /** The engine's id of the message (stored once, however many instances hear of it). */
  sourceId: string;
  callerNumber: string;
  callerName: string;
  receivedAt: Date;
  durationMs: number;
  /** The message: a WAV the sandbox made, or the file mod_voicemail wrote, as this server reads it. */
  audio: { kind: 'wav'; bytes: Buffer } | { kind: 'file'; path: string };
}

export interface EngineEvents {
  /** An extension's phone (browser or desk phone) signed in or out. */
  registration: { domainName: string; extension: string; registered: boolean; kind: 'verto' | 'sip' };
  /** The tenant's channels changed: read callState(domainName) again. */
  callState: { domainName: string };
  park: { domainName: string; slots: ParkSlot[] };
  ring: RingNotice;
  cdr: CallRecord;
  voicemail: VoicemailDeposit;
}

export type EngineListener<K extends keyof EngineEvents> = (event: EngineEvents[K]) => void;

/** A command the engine refused, by reason code (its text is the contract's). Anything else means unreachable. */
export class EngineCommandError extends Refusal {
  override readonly name: string = 'EngineCommandError';
}

/** What recordCall is asked. */
export interface RecordCallRequest {
  domainName: string;
  channelUuid: string;
  action: 'start' | 'stop';
  /** Relative to the recordings storage: '<tenantUuid>/calls/<uuid>.wav'. */
  file: string;
}

/** Where a call's recording lies in the recordings storage (the same relative path on both engines). */
export function callRecordingFile(tenantUuid: string, recordingUuid: string): string {
  return `${tenantUuid.toLowerCase()}/calls/${recordingUuid.toLowerCase()}.wav`;
}

/** Commands name a channel by the uuid callState() reports. */
export interface TelephonyEngine extends ConfigListener {
  readonly kind: 'sandbox' | 'freeswitch' | 'none';
  /** The tenant's current channels. */
  callState(domainName: string): CallStateEntry[];
  /** The tenant's park slots P1–P8. */
  parkSlots(domainName: string): ParkSlot[];
  /** The tenant's desk phones and whether each is registered now (see DeskPhoneState). */
  deskPhones(tenantUuid: string): Promise<DeskPhoneState[]>;
  /** The tenant's extensions with a browser softphone signed in now. */
  softphones(tenantUuid: string): Promise<string[]>;
  /** Rings the extension's phone; when it answers, calls `dest` (spec: click-to-call). */
  clickToCall(request: { domainName: string; extension: string; dest: string }): Promise<void>;
  hangup(domainName: string, channelUuid: string): Promise<void>;
  /** Blind transfer: the far end of the channel's call goes to `dest`. */
  transfer(domainName: string, channelUuid: string, dest: string): Promise<void>;
  /**
   * Call recording: starts or stops recording the channel's call (both directions) into `file`, a path
   * inside the recordings storage ('<tenantUuid>/calls/<uuid>.wav'; FreeSWITCH's FS_RECORDINGS_PATH is
   * the same storage). Answers the id of the call the channel belongs to (CallRecord.callId). A recording
   * still running when the channel hangs up is finished by the engine before the leg's call record.
   */
  recordCall(request: RecordCallRequest): Promise<{ callId: string }>;
  /**
   * Signs the extension's phones out because its password changed: desk phones must register again
   * (with the new password), browsers logged in with the old one are dropped where the engine can.
   * Calls in progress go on.
   */
  dropRegistrations(tenantUuid: string, extension: string): Promise<void>;
  on<K extends keyof EngineEvents>(event: K, listener: EngineListener<K>): () => void;
  close(): Promise<void>;
}

/** No telephony at all (tests of features that need none): every query is empty, every command refused. */
export function createNoopEngine(): TelephonyEngine {
  const refuse = () => Promise.reject(new Error('no telephony engine'));
  return {
    kind: 'none',
    configChanged: () => undefined,
    callState: () => [],
    parkSlots: () => [],
    deskPhones: () => Promise.resolve([]),
    softphones: () => Promise.resolve([]),
    clickToCall: refuse,
    hangup: refuse,
    transfer: refuse,
    recordCall: refuse,
    // Nothing is registered anywhere.
    dropRegistrations: () => Promise.resolve(),
    on: () => () => undefined,
    close: () => Promise.resolve(),
  };
}
