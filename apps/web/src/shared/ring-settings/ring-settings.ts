import { createStore, useStore } from '../store/create-store';

/**
 * The ringtones of spec 9, by the names the spec stores. The files ship as WAV (no MP3 encoder in
 * the build; scripts/generate-ringtones.mjs synthesises them): 'ring-bell1.mp3' plays
 * /sounds/ring-bell1.wav. 'none' rings silently.
 */
export const RINGTONES = [
  'ring-bell1.mp3',
  'ring-bell2.wav',
  'ring-bell3.mp3',
  'ring-song1.mp3',
  'ring-song2.mp3',
  'ring-song3.mp3',
  'ring-song4.mp3',
  'ring-song5.mp3',
  'ring-song6.mp3',
  'none',
] as const;
export type Ringtone = (typeof RINGTONES)[number];

export const DEFAULT_RINGTONE: Ringtone = 'ring-bell1.mp3';
/** Ring volume in %, spec 5 "Personal settings" and 9 "Volume". */
export const RING_VOLUME = { min: 10, max: 100, default: 100 } as const;

/** The device's ring settings (spec 3 "User settings": ringSound, ringSoundVolume). */
export interface RingSettings {
  ringSound: Ringtone;
  /** 10–100 (%). */
  ringSoundVolume: number;
}

// Spec 7: the ring settings stay on the device, under the spec's field names.
const SOUND_KEY = 'ringSound';
const VOLUME_KEY = 'ringSoundVolume';

const isRingtone = (value: string | null): value is Ringtone => RINGTONES.some((r) => r === value);

/** True for a whole number from 10 to 100. */
export function isValidRingVolume(volume: number | null | undefined): volume is number {
  return (
    typeof volume === 'number' &&
    Number.isInteger(volume) &&
    volume >= RING_VOLUME.min &&
    volume <= RING_VOLUME.max
  );
}

function readStored(): RingSettings {
  const sound = localStorage.getItem(SOUND_KEY);
  const volume = Number(localStorage.getItem(VOLUME_KEY) ?? NaN);
  return {
    ringSound: isRingtone(sound) ? sound : DEFAULT_RINGTONE,
    ringSoundVolume: isValidRingVolume(volume) ? volume : RING_VOLUME.default,
  };
}

const store = createStore<RingSettings>(readStored());

/** The chosen ringtone and volume (the softphone reads them when a call rings). */
export function getRingSettings(): RingSettings {
  return store.get();
}

/** Saves ring settings on this device. */
export function saveRingSettings(patch: Partial<RingSettings>): void {
  const next = { ...store.get(), ...patch };
  localStorage.setItem(SOUND_KEY, next.ringSound);
  localStorage.setItem(VOLUME_KEY, String(next.ringSoundVolume));
  store.set(next);
}

/** The ring settings in a component. */
export function useRingSettings(): RingSettings {
  return useStore(store);
}

/** Where a ringtone's audio is served; null for silence. */
export function ringtoneUrl(ringtone: Ringtone): string | null {
  if (ringtone === 'none') return null;
  return `/sounds/${ringtone.replace(/\.(mp3|wav)$/, '')}.wav`;
}
