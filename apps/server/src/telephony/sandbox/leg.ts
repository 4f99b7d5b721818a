/**
 * The sandbox's call model. A leg is one channel (a party's side of a call), living on a device: a
 * browser softphone, a caller page, or a simulated phone. Browsers carry real media peer to peer,
 * so the exchange only moves SDP between devices; simulated phones carry none.
 */
import type { SandboxAudioKind } from '@tsunagu/contract';
import type { ChannelState, CallRecord } from '../engine';
import type { CallFlow } from './flow';

/** A caller id: who a party is, as another party sees it. */
export interface Party {
  name: string;
  number: string;
}

/** What the exchange would be playing to a leg (the page plays it; see sandbox.audio). */
export interface Playback {
  kind: SandboxAudioKind;
  fileName: string;
  url: string | null;
  loop: boolean;
}

/** Something legs live on. Every method is fire-and-forget unless it returns a promise. */
export interface Device {
  readonly kind: 'browser' | 'caller-page' | 'desk-phone' | 'outside' | 'simulated-caller';
  /** Carries real media (WebRTC): SDP must reach it. */
  readonly media: boolean;
  /** A new call rings here: `offer` is the caller's SDP, '' when the caller has no media. */
  ring(leg: Leg, offer: string, from: Party): void;
  /** The far end answered the call this device placed (with the answer SDP when there is one). */
  answered(leg: Leg, sdp: string | null): void;
  /** The exchange ended the call `callID` here. */
  bye(callID: string, cause: string): void;
  /** Re-bridges a live call to a new peer offering `offer`; resolves with the answer, null when none. */
  attach(
    callID: string,
    offer: string,
    from: Party,
    variables?: Record<string, string>,
  ): Promise<string | null>;
  /** Asks for a fresh offer on a live call; null when the device cannot give one. */
  offer(callID: string): Promise<string | null>;
  /** The far end of a call is now `party`. */
  display(callID: string, party: Party): void;
  /** What the call would be hearing now; null: silence. */
  audio(callID: string, playback: Playback | null): void;
  /**
   * Asks the device to send what its user says on the call (a voicemail box records it); devices
   * without media have nothing to send and leave it out.
   */
  record?(callID: string, maxSeconds: number): void;
}

/** A message being left in an extension's voicemail box: the PCM pieces the caller's page sent. */
export interface VoicemailRecording {
  readonly extension: string;
  readonly startedAt: Date;
  readonly pieces: Buffer[];
  bytes: number;
}

/** What all legs of one call share. */
export interface CallInfo {
  /** The call's id in the call model: the leg that started it (or, for click-to-call, a fresh one). */
  readonly id: string;
  /** Where the call came from and went, as its call records say. */
  direction: CallRecord['direction'];
  /** Desk phones rung by the call answer on their own after this long (simulated calls). */
  deskPhoneAnswerMs: number | null;
}

/** A set of legs ringing for one caller; the first to answer wins. */
export interface Fork {
  readonly legs: Set<Leg>;
  answered(leg: Leg, sdp: string | null): void;
  ended(leg: Leg, cause: string): void;
  /**
   * A colleague dialled *8 for one of the rung extensions: every rung phone stops (PICKED_OFF) and the
   * caller is bridged to `picker`. False when there is no caller to take (a click-to-call's own phone).
   */
  pickUp(picker: Leg): boolean;
}

export interface Leg {
  readonly uuid: string;
  readonly domainName: string;
  readonly device: Device;
  readonly call: CallInfo;
  /** As FreeSWITCH names channels: 'inbound' = it called in, 'outbound' = it was rung. */
  readonly direction: 'inbound' | 'outbound';
  /** The tenant extension whose channel this is; null for parties outside. */
  readonly extension: string | null;
  /** The number in the call record: what was dialled, or the number rung. */
  destinationNumber: string;
  readonly startedAt: Date;
  /** This leg's own identity. */
  self: Party;
  /** The call's caller as this leg shows it (call state and call record). */
  caller: Party;
  /** The party this leg dialled or is connected to. */
  callee: Party;
  /** Where the leg is going ('1002', 'park+5903', …). */
  dest: string;
  /** What it is doing: 'bridge', 'ivr', 'playback', 'voicemail', 'valet_park', 'eavesdrop', or ''. */
  application: string;
  state: Exclude<ChannelState, 'DOWN'>;
  /** The leg that started its call (the caller's side); click-to-call's own phone becomes it on answer. */
  originating: boolean;
  /** Was ever connected to another party. */
  bridged: boolean;
  /** An incoming number's schedule sent it to its closed-hours branch. */
  outOfHours: boolean;
  peer: Leg | null;
  /** Its own SDP offer that nobody has answered yet. */
  offer: string | null;
  answeredAt: Date | null;
  ended: boolean;
  /** The routing flow it runs as a caller. */
  flow: CallFlow | null;
  /** The fork it rings in. */
  fork: Fork | null;
  /** The park slot (1–8) it waits in. */
  parkedIn: number | null;
  /** Monitor legs listening to it. */
  readonly monitors: Set<Leg>;
  /** For a monitor leg: the leg listened to, and the extra call on the device whose audio it gets. */
  monitoring: { target: Leg; tap: { device: Device; callID: string } | null } | null;
  playing: Playback | null;
  /** Set by its flow when it reached a voicemail with a mail address (the sandbox records no audio). */
  voicemail: { email: string; startedAt: Date } | null;
  /** Set by its flow when a voicemail box records what it says. */
  recording: VoicemailRecording | null;
  /** Set by its flow when it rang a ring group with a missed-call address (the last such group). */
  missedCallGroup: { email: string; groupName: string; groupNumber: string } | null;
  /**
   * The party it took back from a park slot or picked up from a ringing colleague (its call record is
   * that party's call); `outside`: not an extension.
   */
  retrieved: { party: Party; outside: boolean } | null;
}

/** A new leg with everything a fresh channel starts with. */
export function newLeg(
  init: Pick<
    Leg,
    'uuid' | 'domainName' | 'device' | 'call' | 'direction' | 'extension' | 'destinationNumber'
  > &
    Pick<Leg, 'self' | 'caller' | 'callee' | 'dest' | 'startedAt'> &
    Partial<Pick<Leg, 'state' | 'offer' | 'application' | 'originating'>>,
): Leg {
  return {
    state: 'RINGING',
    originating: false,
    offer: null,
    application: '',
    ...init,
    bridged: false,
    outOfHours: false,
    peer: null,
    answeredAt: null,
    ended: false,
    flow: null,
    fork: null,
    parkedIn: null,
    monitors: new Set(),
    monitoring: null,
    playing: null,
    voicemail: null,
    recording: null,
    missedCallGroup: null,
    retrieved: null,
  };
}

/** The number a leg is routed as when it dials or is transferred in the tenant's context. */
export function routingNumber(leg: Leg): string {
  return leg.extension ?? leg.self.number;
}
