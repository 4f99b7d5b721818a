import { endpoints } from '@tsunagu/contract/api';
import { logAction } from '../shared/api/action-log';
import { fetchData } from '../shared/api/client';
import { getRingSettings, ringtoneUrl } from '../shared/ring-settings/ring-settings';
import { showSidePanelTab } from '../shared/shell-state/shell-state';
import { ClipPlayer, SandboxAudioPlayer } from './audio-out';
import { browserMedia } from './call-media';
import { CallerPhone } from './caller-phone';
import { createStore, type Store } from '../shared/store/create-store';
import { PhoneLead, type PhoneCommand, type PhoneLeadOptions, type RemoteMethod } from './phone-lead';
import { Softphone, type SoftphoneSounds } from './softphone';
import {
  busyTone,
  CALL_WAITING_PAUSE_SECONDS,
  callWaitingTone,
  dtmfTone,
  RINGBACK_PAUSE_SECONDS,
  ringbackTone,
  TonePlayer,
} from './tones';

/** The softphone's sounds in the browser: the chosen ringtone, generated tones, what the sandbox plays. */
export function browserSounds(): SoftphoneSounds {
  const tones = new TonePlayer();
  const ring = new ClipPlayer();
  const sandbox = new SandboxAudioPlayer(tones);
  let stopRingback: (() => void) | null = null;
  // While a second call rings during a call: stopped with the ring (or when the ringtone takes over).
  let stopWaitingTone: (() => void) | null = null;
  const quietWaitingTone = () => {
    stopWaitingTone?.();
    stopWaitingTone = null;
  };
  return {
    startRingback() {
      stopRingback ??= tones.loop(ringbackTone(), RINGBACK_PAUSE_SECONDS);
    },
    stopRingback() {
      stopRingback?.();
      stopRingback = null;
    },
    startRing() {
      quietWaitingTone();
      // Read when it rings: a ringtone or volume changed in the settings tab applies at once.
      const { ringSound, ringSoundVolume } = getRingSettings();
      const url = ringtoneUrl(ringSound);
      if (url && !ring.playing) ring.play(url, { loop: true, volume: ringSoundVolume / 100 });
    },
    stopRing() {
      ring.stop();
      quietWaitingTone();
    },
    busy: () => void tones.play(busyTone()),
    callWaiting() {
      stopWaitingTone ??= tones.loop(callWaitingTone(), CALL_WAITING_PAUSE_SECONDS);
    },
    keyTone(key) {
      const tone = dtmfTone(key);
      if (tone) tones.play([tone]);
    },
    sandboxAudio: (audio) => sandbox.handle(audio),
    stopCallAudio: (callID) => sandbox.stopCall(callID),
    dispose() {
      stopRingback?.();
      stopRingback = null;
      quietWaitingTone();
      sandbox.dispose();
    },
  };
}

let softphone: Softphone | null = null;

/** The page's one softphone (made on first use; connected while a 'verto' user's shell is open). */
export function getSoftphone(): Softphone {
  softphone ??= new Softphone({
    fetchConnection: () => fetchData(endpoints.softphoneConnection),
    location: window.location,
    media: browserMedia,
    sounds: browserSounds(),
    logAction,
    openPhoneTab: () => showSidePanelTab('phone'),
    silentRing: () => getRingSettings().ringSound === 'none',
    now: () => Date.now(),
  });
  return softphone;
}

/** A caller page's phone in the browser: the microphone, and the sandbox's sounds played here. */
export function createBrowserCallerPhone(): CallerPhone {
  const tones = new TonePlayer();
  const sandbox = new SandboxAudioPlayer(tones);
  return new CallerPhone({
    media: browserMedia,
    play: (audio) => sandbox.handle(audio),
    keyTone(key) {
      const tone = dtmfTone(key);
      if (tone) tones.play([tone]);
    },
  });
}

const phoneLead = createStore<PhoneLead | null>(null);

/**
 * Runs the page's softphone only while this tab leads the browser's tabs of `userId` (phone-lead.ts);
 * `lead` starts it and returns what stops it. Returns what gives the phone up.
 */
export function leadPhoneAcrossTabs(
  userId: string,
  options: Pick<PhoneLeadOptions, 'lead' | 'command' | 'current'>,
): { lead: PhoneLead; stop: () => void } {
  const name = `tsunagu-phone:${userId}`;
  const lead = new PhoneLead({
    ...options,
    name,
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name),
  });
  phoneLead.set(lead);
  lead.start();
  return {
    lead,
    stop() {
      lead.stop();
      phoneLead.set((current) => (current === lead ? null : current));
    },
  };
}

/** This tab's place among the tabs sharing the phone (holding null while no softphone runs). */
export const phoneLeadStore: Store<PhoneLead | null> = phoneLead;

/** The softphone's operations that the phone tab and the header use. */
export type PhoneOperations = Pick<Softphone, RemoteMethod>;

/**
 * The operations of the softphone of the tab that leads, for a following tab: each one is sent to it
 * (phone-lead.ts). What they answer comes back as the leading tab's state, so they resolve at once
 * (with no call to open; true for a transfer, whose outcome the state shows).
 */
export function remoteSoftphone(lead: PhoneLead): PhoneOperations {
  const send =
    (method: RemoteMethod) =>
    (...args: (string | number | undefined)[]) =>
      lead.send({ method, args });
  const later =
    <T>(method: RemoteMethod, value: T) =>
    async (...args: (string | number | undefined)[]) => {
      lead.send({ method, args });
      return value;
    };
  return {
    dial: later('dial', undefined),
    answer: later('answer', null),
    hangUp: send('hangUp'),
    hangUpCall: later('hangUpCall', undefined),
    switchTo: later('switchTo', null),
    toggleHold: later('toggleHold', undefined),
    toggleMute: send('toggleMute'),
    sendDtmf: send('sendDtmf'),
    transfer: later('transfer', true),
    consult: later('consult', true),
    completeTransfer: later('completeTransfer', undefined),
    cancelConsult: later('cancelConsult', undefined),
    conference: later('conference', undefined),
    leaveConference: later('leaveConference', undefined),
    park: later('park', undefined),
  };
}

/** Carries out a following tab's command on this tab's softphone. */
export function applyRemoteCommand(phone: Softphone, { method, args }: PhoneCommand): void {
  const operation = phone[method] as (...args: unknown[]) => unknown;
  const result = operation.apply(phone, args);
  if (result instanceof Promise) result.catch((error: unknown) => console.error('phone command', error));
}
