import { endpoints } from '@tsunagu/contract/api';
import { logAction } from '../shared/api/action-log';
import { fetchData } from '../shared/api/client';
import { getRingSettings, ringtoneUrl } from '../shared/ring-settings/ring-settings';
import { showSidePanelTab } from '../shared/shell-state/shell-state';
import { ClipPlayer, SandboxAudioPlayer } from './audio-out';
import { browserMedia } from './call-media';
import { CallerPhone } from './caller-phone';
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
