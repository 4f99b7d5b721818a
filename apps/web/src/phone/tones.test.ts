import { afterEach, describe, expect, it, vi } from 'vitest';
import { busyTone, RINGBACK_PAUSE_SECONDS, ringbackTone, TonePlayer } from './tones';

interface FakeOscillator {
  frequency: { value: number };
  target: unknown;
  startAt: number;
  stopAt: number;
  connect(target: unknown): void;
  start(at: number): void;
  stop(at?: number): void;
}

/** A Web Audio graph recorder: which oscillators ran at what frequency, and what fed a gain's level. */
class FakeContext {
  state = 'running';
  currentTime = 0;
  destination = { name: 'destination' };
  oscillators: FakeOscillator[] = [];
  createGain() {
    return { gain: { value: 1 }, connect: vi.fn(), disconnect: vi.fn() };
  }
  createOscillator(): FakeOscillator {
    const oscillator: FakeOscillator = {
      frequency: { value: 0 },
      target: null,
      startAt: 0,
      stopAt: 0,
      connect: (target) => void (oscillator.target = target),
      start: (at) => void (oscillator.startAt = at),
      stop: (at) => void (oscillator.stopAt = at ?? -1),
    };
    this.oscillators.push(oscillator);
    return oscillator;
  }
  resume = vi.fn();
}

afterEach(() => vi.unstubAllGlobals());

describe('the Japanese ringback tone', () => {
  it('is 400 Hz modulated by 16 Hz, 1 s on and 2 s off', () => {
    expect(ringbackTone()).toEqual([{ frequencies: [400], at: 0, duration: 1, modulationHz: 16 }]);
    expect(RINGBACK_PAUSE_SECONDS).toBe(2);
    expect(busyTone().every((burst) => burst.modulationHz === undefined)).toBe(true);
  });

  it('plays the 400 Hz tone through a gain whose level a 16 Hz oscillator swings', () => {
    const context = new FakeContext();
    vi.stubGlobal(
      'AudioContext',
      vi.fn(function () {
        return context;
      }),
    );
    new TonePlayer().play(ringbackTone());
    const byHz = new Map(context.oscillators.map((o) => [o.frequency.value, o]));
    const carrier = byHz.get(400);
    const modulator = byHz.get(16);
    expect(carrier && modulator).toBeTruthy();
    // The modulator feeds a depth gain, which drives the level (AudioParam) of the gain the carrier goes through.
    const swing = carrier!.target as { gain: unknown; connect: ReturnType<typeof vi.fn> };
    const depth = modulator!.target as { connect: ReturnType<typeof vi.fn> };
    expect(depth.connect).toHaveBeenCalledWith(swing.gain);
    expect(swing.connect).toHaveBeenCalled();
    expect(modulator!.stopAt - modulator!.startAt).toBeCloseTo(1);
    expect(carrier!.stopAt - carrier!.startAt).toBeCloseTo(1);
  });
});
