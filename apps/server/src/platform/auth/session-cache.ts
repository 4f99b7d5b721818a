import type { Db } from '../db/client';
import { batchByKey } from '../db/coalesce';
import { findLiveSessions, touchSessions, type LiveSession } from './sessions.repository';

/**
 * How long a live session read from the database serves requests without being read again. A revocation
 * made through the console (logout, forced logout, password change, the concurrent-session limit, a
 * stale session reclaimed) drops the session at once on every instance (`forget`, called for the bus
 * message that closes its sockets); anything else (a user or tenant disabled, a menu changed, the table
 * edited by hand) takes effect within this time.
 */
export const SESSION_CACHE_MS = 500;

/** How long a WebSocket CONNECT's session read waits for others (a mass reconnect: one statement each). */
export const CONNECT_BATCH_MS = 50;

/** Sessions a cache holds at most: beyond it the oldest entries are dropped first. */
const SESSIONS_KEPT = 50_000;

export interface SessionCache {
  /**
   * The live session, from memory when read less than SESSION_CACHE_MS ago, else from the database;
   * `patient` reads (CONNECT frames) gather for CONNECT_BATCH_MS into one statement.
   */
  get(sessionUuid: string, patient?: boolean): Promise<LiveSession | null>;
  /** Marks the session seen at `at`; sessions marked together are written in one statement. */
  touch(sessionUuid: string, at: Date, patient?: boolean): Promise<void>;
  /** These sessions ended: the next request reads them again (and finds them revoked). */
  forget(sessionUuids: Iterable<string>): void;
}

/**
 * Live sessions kept in memory for a moment. The per-request session read was, by profile, the largest
 * fixed cost of an authenticated request (a database round trip); and a mass reconnect's CONNECT frames
 * read and mark their sessions in a few statements instead of two each (platform/db/coalesce.ts).
 */
export function createSessionCache(
  db: Db,
  {
    now = () => new Date(),
    read = findLiveSessions,
    write = touchSessions,
  }: { now?: () => Date; read?: typeof findLiveSessions; write?: typeof touchSessions } = {},
): SessionCache {
  const entries = new Map<string, { session: LiveSession; readAt: number }>();
  // A read that started before a forget must not put the ended session back.
  let forgets = 0;

  async function readSessions(sessionUuids: string[]) {
    const started = forgets;
    // The cache's age runs on the monotonic clock: a test's frozen `now` must not keep entries forever.
    const readAt = performance.now();
    const found = new Map((await read(db, sessionUuids, now())).map((s) => [s.sessionUuid, s]));
    if (forgets === started) for (const session of found.values()) remember(session, readAt);
    return found;
  }
  const readNow = batchByKey(readSessions);
  const readPatiently = batchByKey(readSessions, { windowMs: CONNECT_BATCH_MS });

  const seenAt = new Map<string, Date>();
  async function writeSeen(sessionUuids: string[]) {
    const latest = Math.max(...sessionUuids.map((id) => seenAt.get(id)?.getTime() ?? 0));
    for (const id of sessionUuids) seenAt.delete(id);
    await write(db, sessionUuids, new Date(latest));
    return new Map<string, true>();
  }
  const writeNow = batchByKey(writeSeen);
  const writePatiently = batchByKey(writeSeen, { windowMs: CONNECT_BATCH_MS });

  function remember(session: LiveSession, readAt: number) {
    entries.delete(session.sessionUuid);
    if (entries.size >= SESSIONS_KEPT) entries.delete(entries.keys().next().value as string);
    entries.set(session.sessionUuid, { session, readAt });
  }

  return {
    async get(sessionUuid, patient = false) {
      const entry = entries.get(sessionUuid);
      if (entry && performance.now() - entry.readAt < SESSION_CACHE_MS && entry.session.expiresAt > now())
        return entry.session;
      return (await (patient ? readPatiently : readNow)(sessionUuid)) ?? null;
    },
    async touch(sessionUuid, at, patient = false) {
      const entry = entries.get(sessionUuid);
      if (entry) entry.session = { ...entry.session, lastSeenAt: at };
      seenAt.set(sessionUuid, at);
      await (patient ? writePatiently : writeNow)(sessionUuid);
    },
    forget(sessionUuids) {
      forgets++;
      for (const sessionUuid of sessionUuids) entries.delete(sessionUuid);
    },
  };
}
