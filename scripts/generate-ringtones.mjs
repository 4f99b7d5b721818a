#!/usr/bin/env node
/**
 * Synthesises the ringtones of spec 9 as short mono WAV files in apps/web/public/sounds/.
 * The spec names MP3 files; no MP3 encoder is available to the build, so each ships as WAV under the
 * same base name (ring-bell1.mp3 → ring-bell1.wav) and the web app maps the names
 * (shared/ring-settings). The melodies are public-domain tunes. Run: node scripts/generate-ringtones.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const RATE = 16_000;
const OUT = resolve(import.meta.dirname, '../apps/web/public/sounds');

/** 16-bit PCM mono WAV of samples in [-1, 1]. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A track of `seconds` to which sounds are added at given times. */
function track(seconds) {
  const samples = new Float64Array(Math.round(seconds * RATE));
  return {
    samples,
    /** Adds f(t) for t in [0, duration) starting at `at` seconds. */
    add(at, duration, f) {
      const start = Math.round(at * RATE);
      const length = Math.min(Math.round(duration * RATE), samples.length - start);
      for (let i = 0; i < length; i++) samples[start + i] += f(i / RATE);
    },
  };
}

const sine = (hz, t) => Math.sin(2 * Math.PI * hz * t);
/** Short attack, then decay: no clicks at the edges. */
const envelope = (t, duration, decay) =>
  Math.min(1, t / 0.01) * Math.min(1, (duration - t) / 0.02) * Math.exp(-t * decay);

/** A struck bell: inharmonic partials decaying at different speeds. */
const bell = (hz, duration) => (t) =>
  envelope(t, duration, 3) *
  (0.6 * sine(hz, t) +
    0.25 * sine(hz * 2.76, t) * Math.exp(-t * 4) +
    0.15 * sine(hz * 5.4, t) * Math.exp(-t * 8));

/** A soft music-box note with two harmonics. */
const note = (hz, duration) => (t) =>
  envelope(t, duration, 2.5) * (0.7 * sine(hz, t) + 0.2 * sine(hz * 2, t) + 0.1 * sine(hz * 3, t));

/** A telephone ring: two tones, amplitude-modulated at `warble` Hz. */
const ring = (a, b, warble, duration) => (t) =>
  envelope(t, duration, 0) * (0.5 + 0.5 * sine(warble, t)) * 0.5 * (sine(a, t) + sine(b, t));

const NOTE_INDEX = { C: -9, D: -7, E: -5, F: -4, G: -2, A: 0, B: 2 };
/** 'A4' → 440 Hz; '#' and 'b' accidentals. */
function hz(name) {
  const [, letter, accidental, octave] = /^([A-G])([#b]?)(\d)$/.exec(name);
  const semitones =
    NOTE_INDEX[letter] + (accidental === '#' ? 1 : accidental === 'b' ? -1 : 0) + (Number(octave) - 4) * 12;
  return 440 * 2 ** (semitones / 12);
}

/** A melody of [note, beats] at `bpm`, then `rest` seconds of silence before it loops. */
function melody(notes, bpm, rest = 1) {
  const beat = 60 / bpm;
  const length = notes.reduce((sum, [, beats]) => sum + beats * beat, 0);
  const out = track(length + rest);
  let at = 0;
  for (const [name, beats] of notes) {
    const duration = beats * beat;
    if (name !== '-')
      out.add(at, Math.min(duration * 1.6, length + rest - at), note(hz(name), duration * 1.6));
    at += duration;
  }
  return out.samples;
}

const tones = {
  // Two bursts of a struck bell, then silence.
  'ring-bell1': (() => {
    const out = track(3);
    for (const at of [0, 0.15, 0.3, 0.45, 1.0, 1.15, 1.3, 1.45]) out.add(at, 0.5, bell(1320, 0.5));
    return out.samples;
  })(),
  // A double ring (400 + 450 Hz).
  'ring-bell2': (() => {
    const out = track(3);
    out.add(0, 0.4, ring(400, 450, 25, 0.4));
    out.add(0.6, 0.4, ring(400, 450, 25, 0.4));
    return out.samples;
  })(),
  // An electronic trill, one second on.
  'ring-bell3': (() => {
    const out = track(2.5);
    out.add(0, 1, (t) => envelope(t, 1, 0) * 0.6 * sine(Math.floor(t * 16) % 2 ? 1250 : 1000, t));
    return out.samples;
  })(),
  // Twinkle, Twinkle, Little Star.
  'ring-song1': melody(
    [
      ['C5', 1],
      ['C5', 1],
      ['G5', 1],
      ['G5', 1],
      ['A5', 1],
      ['A5', 1],
      ['G5', 2],
    ],
    150,
  ),
  // Ode to Joy (Beethoven).
  'ring-song2': melody(
    [
      ['E5', 1],
      ['E5', 1],
      ['F5', 1],
      ['G5', 1],
      ['G5', 1],
      ['F5', 1],
      ['E5', 1],
      ['D5', 1],
      ['C5', 1],
      ['C5', 1],
      ['D5', 1],
      ['E5', 1],
      ['E5', 1.5],
      ['D5', 0.5],
      ['D5', 2],
    ],
    180,
  ),
  // Westminster Quarters.
  'ring-song3': melody(
    [
      ['E5', 1],
      ['C5', 1],
      ['D5', 1],
      ['G4', 2],
      ['G4', 1],
      ['D5', 1],
      ['E5', 1],
      ['C5', 2],
    ],
    140,
  ),
  // Frère Jacques.
  'ring-song4': melody(
    [
      ['F4', 1],
      ['G4', 1],
      ['A4', 1],
      ['F4', 1],
      ['F4', 1],
      ['G4', 1],
      ['A4', 1],
      ['F4', 1],
      ['A4', 1],
      ['Bb4', 1],
      ['C5', 2],
    ],
    170,
  ),
  // Minuet in G (Petzold, from the Notebook for Anna Magdalena Bach).
  'ring-song5': melody(
    [
      ['D5', 1],
      ['G4', 0.5],
      ['A4', 0.5],
      ['B4', 0.5],
      ['C5', 0.5],
      ['D5', 1],
      ['G4', 1],
      ['G4', 1],
      ['E5', 1],
      ['C5', 0.5],
      ['D5', 0.5],
      ['E5', 0.5],
      ['F#5', 0.5],
      ['G5', 1],
      ['G4', 1],
      ['G4', 1],
    ],
    160,
  ),
  // Greensleeves.
  'ring-song6': melody(
    [
      ['A4', 1],
      ['C5', 2],
      ['D5', 1],
      ['E5', 1.5],
      ['F5', 0.5],
      ['E5', 1],
      ['D5', 2],
      ['B4', 1],
      ['G4', 1.5],
      ['A4', 0.5],
      ['B4', 1],
      ['C5', 2],
    ],
    200,
  ),
};

mkdirSync(OUT, { recursive: true });
for (const [name, samples] of Object.entries(tones)) {
  const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0) || 1;
  const file = join(OUT, `${name}.wav`);
  writeFileSync(file, wav(Array.from(samples, (s) => (s / peak) * 0.8)));
  console.log(`${file} ${(samples.length / RATE).toFixed(1)} s`);
}
