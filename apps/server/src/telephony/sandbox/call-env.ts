import { API_PREFIX, apiPath, endpoints, type SandboxAudioKind } from '@tsunagu/contract';
import type { TenantConfigs } from '../config';
import type { Device, Playback } from './leg';
import type { Switchboard, TenantLine } from './switchboard';
import type { SandboxTimings, Schedule } from './timers';

/** What the call features share: the exchange, the tenants' routing, time, and simulated phones. */
export interface CallEnv {
  readonly board: Switchboard;
  readonly configs: TenantConfigs;
  readonly schedule: Schedule;
  readonly timings: SandboxTimings;
  /** Orders the random ring strategy. */
  readonly random: () => number;
  newId(): string;
  /** The extension's simulated desk phone (the same device every time). */
  deskPhone(line: TenantLine, extension: string): Device;
  /** A simulated phone outside the tenant that answers after a short ring. */
  outsideParty(): Device;
  onError(error: unknown): void;
}

/** Hold and park music: the tenant's built-in hold recording. */
export const HOLD_MUSIC = 'default_hold.wav';
/** What voicemail plays when its condition names no announcement (a FreeSWITCH stock sound). */
export const VOICEMAIL_PROMPT = 'voicemail/vm-record_message.wav';

/** What a leg would hear, with the URL the console serves a tenant recording at. */
export function playback(line: TenantLine, kind: SandboxAudioKind, fileName: string, loop = false): Playback {
  // Stock sounds live in FreeSWITCH's sound tree ('ivr/…'); the console serves tenant recordings only.
  const url = fileName.includes('/')
    ? null
    : `${API_PREFIX}${endpoints.recordingPlay.path}?${new URLSearchParams({ fileName, domainUuid: line.tenantUuid })}`;
  return { kind, fileName, url, loop };
}

/** mod_voicemail's standard greeting when a box has none of its own ("The person at extension … is not available"). */
export const VOICEMAIL_STANDARD_GREETING = 'voicemail/vm-not_available.wav';
/** The tone before the message, as FreeSWITCH's dialplans write it. */
export const VOICEMAIL_TONE = 'tone_stream://%(500,0,1000)';
export const VOICEMAIL_TONE_MS = 500;

/** A box's own greeting, served to the tenant's pages by the voicemail feature. */
export function boxGreeting(line: TenantLine, extension: string, storageName: string): Playback {
  const url = apiPath(endpoints.voicemailGreetingPlay, { domainUuid: line.tenantUuid }, { extension });
  return { kind: 'voicemail', fileName: storageName, url, loop: false };
}
