/**
 * The sandbox's call recorder. Browsers talk peer to peer, so the exchange never holds a call's audio:
 * what it records is its own simulated media for the recorded span — a WAV (8 kHz, 16-bit mono) of a
 * quiet 400 Hz tone as long as the recording ran — written into the recordings storage at the same
 * relative path FreeSWITCH's uuid_record / record_session would write, when the recording stops (the
 * record button's stop, or the end of the recorded leg, before its call record is emitted).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { sineWav } from '../../platform/files/wav';
import type { Leg } from './leg';

/** The only paths the server hands out: '<tenant uuid>/calls/<recording uuid>.wav'. */
const FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/calls\/[0-9a-f-]{36}\.wav$/;

/** Why a recording cannot start or stop (the engine turns it into its refusal). */
export type RecorderRefusal = 'unavailable' | 'not-connected' | 'running' | 'not-running';

export interface SandboxRecorder {
  /** Starts recording the leg into `file` (from `startedAt`, by default now); a refusal when it cannot. */
  start(leg: Leg, file: string, startedAt?: Date): RecorderRefusal | null;
  /** Stops that recording and writes its file. */
  stop(leg: Leg, file: string): RecorderRefusal | null;
  /** Whether the leg is being recorded. */
  recording(leg: Leg): boolean;
  /** Finishes every recording of a leg that ended (the switchboard calls it before the call record). */
  legEnded(leg: Leg): void;
}

/** `root`: the recordings storage (DATA_DIR/recordings); without one the sandbox cannot record. */
export function createSandboxRecorder(root: string | undefined, now: () => Date): SandboxRecorder {
  const running = new Map<string, Map<string, Date>>();

  function write(file: string, startedAt: Date): void {
    if (!root) return;
    const base = resolve(root);
    const path = resolve(base, file);
    if (!path.startsWith(base + sep)) return;
    const seconds = Math.max(0, (now().getTime() - startedAt.getTime()) / 1000);
    mkdirSync(dirname(path), { recursive: true });
    // Synchronous, so the file is complete before the leg's call record tells the server to look.
    writeFileSync(path, sineWav({ seconds, frequency: 400, volume: 0.1 }));
  }

  return {
    start(leg, file, startedAt = now()) {
      if (!root || !FILE.test(file)) return 'unavailable';
      if (leg.ended || leg.answeredAt === null || leg.peer === null) return 'not-connected';
      let files = running.get(leg.uuid);
      if (files && files.size > 0) return 'running';
      if (!files) running.set(leg.uuid, (files = new Map()));
      files.set(file, startedAt);
      return null;
    },
    stop(leg, file) {
      const startedAt = running.get(leg.uuid)?.get(file);
      if (!startedAt) return 'not-running';
      running.get(leg.uuid)?.delete(file);
      write(file, startedAt);
      return null;
    },
    recording: (leg) => (running.get(leg.uuid)?.size ?? 0) > 0,
    legEnded(leg) {
      const files = running.get(leg.uuid);
      running.delete(leg.uuid);
      for (const [file, startedAt] of files ?? []) write(file, startedAt);
    },
  };
}
