import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One WebSocket frame of a recorded verto session: `out` = client → FreeSWITCH. */
export interface RecordedVertoFrame {
  dir: 'out' | 'in';
  /** The frame text exactly as sent. */
  raw: string;
  /** The frame parsed (for a duplicated key, the last value wins, as in any JSON reader). */
  message: Record<string, unknown>;
}

/**
 * The recorded sessions: 1001 (login, calls, hold, DTMF, errors) and 1002 (a real WebRTC call), and the
 * console's own softphones on the loopback trial of docs/freeswitch.md (trial-1000/1001/1002: Chromium;
 * early media, hold, transfer, park, a reconnect with verto.attach, a FreeSWITCH restart).
 */
export type RecordedVertoSession =
  'verto-1001' | 'verto-1002-webrtc' | 'trial-1000' | 'trial-1001' | 'trial-1002';

/** The recorded FreeSWITCH traffic kept in the repository (fixtures/freeswitch), or FS_FIXTURES_DIR. */
// Not `new URL(…, import.meta.url)`: Vite rewrites that form into a dev-server path in web tests.
const fixturesDir =
  process.env.FS_FIXTURES_DIR ?? resolve(import.meta.dirname, '../../../../../fixtures/freeswitch');

/**
 * Loads a session recorded against FreeSWITCH 1.11.1 (`verto/*.frames.jsonl`, one `{t, dir, raw}` per
 * line). For tests only (reads the disk).
 */
export function loadRecordedVertoSession(session: RecordedVertoSession): RecordedVertoFrame[] {
  const file = join(fixturesDir, 'verto', `${session}.frames.jsonl`);
  if (!existsSync(file))
    throw new Error(`FreeSWITCH fixtures not found at ${fixturesDir}; set FS_FIXTURES_DIR`);
  const text = readFileSync(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { dir: string; raw: string })
    .filter((line): line is { dir: 'out' | 'in'; raw: string } => line.dir === 'out' || line.dir === 'in')
    .map(({ dir, raw }) => ({ dir, raw, message: JSON.parse(raw) as Record<string, unknown> }));
}
