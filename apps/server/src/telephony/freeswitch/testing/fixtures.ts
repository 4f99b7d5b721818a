import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Recorded FreeSWITCH 1.11 traffic (see its README): FS_FIXTURES_DIR, or the repository's own copy in
 * `fixtures/freeswitch`.
 */
export const fixturesDir =
  process.env.FS_FIXTURES_DIR ??
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../../fixtures/freeswitch');

function path(relative: string): string {
  if (!existsSync(fixturesDir)) {
    throw new Error(`FreeSWITCH fixtures not found at ${fixturesDir}; set FS_FIXTURES_DIR`);
  }
  return join(fixturesDir, relative);
}

/** The bytes of one fixture file. */
export function fixture(relative: string): Buffer {
  return readFileSync(path(relative));
}

/** One fixture file as UTF-8 text. */
export function fixtureText(relative: string): string {
  return fixture(relative).toString('utf8');
}

/** Names of the files in a fixture folder that end with the suffix, sorted. */
export function fixtureNames(folder: string, suffix: string): string[] {
  return readdirSync(path(folder))
    .filter((name) => name.endsWith(suffix))
    .sort();
}

/** Splits a recorded HTTP request into request line, headers (lower-case names) and body. */
export function recordedHttp(raw: Buffer): {
  requestLine: string;
  headers: Record<string, string>;
  body: Buffer;
} {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error('recorded request has no header end');
  const [requestLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { requestLine, headers, body: raw.subarray(end + 4) };
}
