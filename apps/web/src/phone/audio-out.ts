import type { SandboxAudio } from '@tsunagu/contract/verto/index';
import { getSession } from '../shared/session/session-store';
import { chime, type TonePlayer } from './tones';

/** Plays one audio URL at a time, looped or once. */
export class ClipPlayer {
  #audio: HTMLAudioElement | null = null;

  /** Starts `url` (replacing whatever played) at `volume` 0–1. */
  play(url: string, options: { loop: boolean; volume: number }): void {
    this.stop();
    const audio = new Audio(url);
    audio.loop = options.loop;
    audio.volume = Math.min(1, Math.max(0, options.volume));
    this.#audio = audio;
    audio.play().catch((error: unknown) => {
      // Refused before any user gesture on the page: nothing to do but say so in the console.
      if (this.#audio === audio) console.warn('audio could not start', error);
    });
  }

  stop(): void {
    if (!this.#audio) return;
    this.#audio.pause();
    this.#audio.removeAttribute('src');
    this.#audio = null;
  }

  /** True while something plays. */
  get playing(): boolean {
    return this.#audio !== null;
  }
}

/** A recording smaller than this is no recording (spec 9 "Recordings"). */
const MIN_RECORDING_BYTES = 100;

/** Fetches a tenant recording with the session's token; null when it is missing or too small. */
async function fetchRecording(url: string): Promise<string | null> {
  const token = getSession()?.token;
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) return null;
  const blob = await response.blob();
  return blob.size < MIN_RECORDING_BYTES ? null : URL.createObjectURL(blob);
}

/**
 * What the sandbox says a call would be hearing (an IVR prompt, hold or park music …). It has no
 * media of its own, so the page plays it: the tenant's recording when it has a URL, a generated
 * chime for FreeSWITCH stock sounds. One call plays at a time; a new 'play' replaces the last.
 */
export class SandboxAudioPlayer {
  readonly #clip = new ClipPlayer();
  readonly #tones: TonePlayer;
  readonly #urls = new Map<string, Promise<string | null>>();
  #stopTones: (() => void) | null = null;
  #playing: { callID: string; serial: number } | null = null;
  #serial = 0;

  constructor(tones: TonePlayer) {
    this.#tones = tones;
  }

  /** Applies one sandbox.audio message. */
  handle(audio: SandboxAudio): void {
    if (audio.action === 'stop') return this.stopCall(audio.callID);
    this.#stop();
    const serial = ++this.#serial;
    this.#playing = { callID: audio.callID, serial };
    const fallback = () => {
      if (this.#playing?.serial !== serial) return;
      this.#stopTones = audio.loop ? this.#tones.loop(chime(), 2) : this.#tones.play(chime());
    };
    if (!audio.url) return fallback();
    let objectUrl = this.#urls.get(audio.url);
    if (!objectUrl) {
      objectUrl = fetchRecording(audio.url).catch(() => null);
      this.#urls.set(audio.url, objectUrl);
    }
    void objectUrl.then((url) => {
      if (this.#playing?.serial !== serial) return;
      if (url) this.#clip.play(url, { loop: audio.loop, volume: 1 });
      else fallback();
    });
  }

  /** Stops what plays for a call (it ended, or the sandbox said stop). */
  stopCall(callID: string): void {
    if (this.#playing?.callID === callID) this.#stop();
  }

  /** Stops everything and frees the fetched recordings. */
  dispose(): void {
    this.#stop();
    for (const url of this.#urls.values()) void url.then((u) => u && URL.revokeObjectURL(u));
    this.#urls.clear();
  }

  #stop(): void {
    this.#playing = null;
    this.#clip.stop();
    this.#stopTones?.();
    this.#stopTones = null;
  }
}
