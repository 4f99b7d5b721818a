/**
 * Sounds the softphone makes itself (spec 9 "Other sounds"): DTMF key tones, the busy signal, and a
 * stand-in for a stock FreeSWITCH sound the console does not serve. Generated with WebAudio, so no
 * file is downloaded for them.
 */

/** One tone burst: frequencies played together from `at` seconds for `duration` seconds. */
export interface ToneBurst {
  frequencies: readonly number[];
  at: number;
  duration: number;
  /** Amplitude modulation at this many Hz (fully modulated), as the Japanese ringback tone is. */
  modulationHz?: number;
}

/** The keypad as DTMF lays it out: each row and each column has its own frequency (ITU-T Q.23). */
const KEYPAD = ['123', '456', '789', '*0#'] as const;
const ROW_HZ = [697, 770, 852, 941] as const;
const COLUMN_HZ = [1209, 1336, 1477] as const;

/** The key tone of a keypad key, or null for anything else. */
export function dtmfTone(key: string): ToneBurst | null {
  const row = key.length === 1 ? KEYPAD.findIndex((keys) => keys.includes(key)) : -1;
  const rowHz = ROW_HZ[row];
  const columnHz = COLUMN_HZ[KEYPAD[row]?.indexOf(key) ?? -1];
  return rowHz && columnHz ? { frequencies: [rowHz, columnHz], at: 0, duration: 0.15 } : null;
}

/** The Japanese busy signal (話中音): 400 Hz, 0.5 s on and 0.5 s off, three times. */
export function busyTone(): ToneBurst[] {
  return [0, 1, 2].map((i) => ({ frequencies: [400], at: i, duration: 0.5 }));
}

/**
 * The Japanese ringback tone (呼出音) the caller hears while the far end rings: 400 Hz modulated by
 * 16 Hz, 1 s on; looped with a 2 s pause (RINGBACK_PAUSE_SECONDS).
 */
export function ringbackTone(): ToneBurst[] {
  return [{ frequencies: [400], at: 0, duration: 1, modulationHz: 16 }];
}
export const RINGBACK_PAUSE_SECONDS = 2;

/**
 * The call-waiting tone: a second call rings during a call, so instead of the ringtone two short
 * 400 Hz beeps, repeated (CALL_WAITING_PAUSE_SECONDS) while it rings. Quiet enough to talk over.
 */
export function callWaitingTone(): ToneBurst[] {
  return [
    { frequencies: [400], at: 0, duration: 0.1 },
    { frequencies: [400], at: 0.2, duration: 0.1 },
  ];
}
export const CALL_WAITING_PAUSE_SECONDS = 3;

/** The stand-in for a stock sound: a short two-note chime. */
export function chime(): ToneBurst[] {
  return [
    { frequencies: [660], at: 0, duration: 0.25 },
    { frequencies: [880], at: 0.3, duration: 0.35 },
  ];
}

/** How long a burst list lasts, in seconds. */
export function lengthOf(bursts: readonly ToneBurst[]): number {
  return Math.max(0, ...bursts.map((b) => b.at + b.duration));
}

/** Plays generated tones through one AudioContext, made on first use. */
export class TonePlayer {
  #context: AudioContext | null = null;
  #volume = 0.15;

  /** Plays bursts now; returns the function that cuts them short. */
  play(bursts: readonly ToneBurst[]): () => void {
    const context = this.#audioContext();
    if (!context) return () => {};
    const output = context.createGain();
    output.gain.value = this.#volume;
    output.connect(context.destination);
    const start = context.currentTime + 0.01;
    const oscillators = bursts.flatMap((burst) => {
      const from = start + burst.at;
      const until = from + burst.duration;
      const { input, modulator } = this.#burstInput(context, output, burst.modulationHz);
      const tones = burst.frequencies.map((frequency) => {
        const oscillator = context.createOscillator();
        oscillator.frequency.value = frequency;
        oscillator.connect(input);
        return oscillator;
      });
      for (const oscillator of modulator ? [...tones, modulator] : tones) {
        oscillator.start(from);
        oscillator.stop(until);
      }
      return modulator ? [...tones, modulator] : tones;
    });
    return () => {
      for (const oscillator of oscillators) {
        try {
          oscillator.stop();
        } catch {
          // Already stopped.
        }
      }
      output.disconnect();
    };
  }

  /** Plays bursts again and again (with a pause) until the returned function is called. */
  loop(bursts: readonly ToneBurst[], pauseSeconds: number): () => void {
    let stopCurrent = this.play(bursts);
    const timer = setInterval(
      () => {
        stopCurrent = this.play(bursts);
      },
      (lengthOf(bursts) + pauseSeconds) * 1000,
    );
    return () => {
      clearInterval(timer);
      stopCurrent();
    };
  }

  /**
   * Where a burst's tones go: straight to the output, or through a gain swinging 0…1 at `modulationHz`
   * (gain 0.5 plus a 0.5-deep sine from a low-frequency oscillator).
   */
  #burstInput(
    context: AudioContext,
    output: AudioNode,
    modulationHz: number | undefined,
  ): { input: AudioNode; modulator: OscillatorNode | null } {
    if (!modulationHz) return { input: output, modulator: null };
    const swing = context.createGain();
    swing.gain.value = 0.5;
    swing.connect(output);
    const modulator = context.createOscillator();
    modulator.frequency.value = modulationHz;
    const depth = context.createGain();
    depth.gain.value = 0.5;
    modulator.connect(depth);
    depth.connect(swing.gain);
    return { input: swing, modulator };
  }

  #audioContext(): AudioContext | null {
    if (typeof AudioContext === 'undefined') return null;
    this.#context ??= new AudioContext();
    // A context made before any user gesture starts suspended; every later call tries again.
    if (this.#context.state === 'suspended') void this.#context.resume();
    return this.#context;
  }
}

/** The chat sound: a short rising two-note ping, softer and shorter than any call tone. */
export function chatMessageTone(): ToneBurst[] {
  return [
    { frequencies: [988], at: 0, duration: 0.08 },
    { frequencies: [1319], at: 0.1, duration: 0.16 },
  ];
}
