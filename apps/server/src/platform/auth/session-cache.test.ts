import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createSessionCache, SESSION_CACHE_MS } from './session-cache';
import { findLiveSessions } from './sessions.repository';

let t: TestApp;
const sessionIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.build.tenant();
  for (let i = 0; i < 5; i++) {
    const user = await t.build.user(tenant);
    await t.login(user.username, FACTORY_PASSWORD);
    const [row] = await t.database.db
      .select({ sessionUuid: sessions.sessionUuid })
      .from(sessions)
      .where(eq(sessions.userUuid, user.userUuid));
    sessionIds.push(row!.sessionUuid);
  }
});
afterAll(() => t.close());

/** A cache whose database reads are counted (statements and the sessions each asked for). */
function countedCache() {
  const reads: string[][] = [];
  const cache = createSessionCache(t.database.db, {
    read: (conn, ids, now) => {
      reads.push(ids);
      return findLiveSessions(conn, ids, now);
    },
  });
  return { cache, reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session cache', () => {
  it('reads sessions asked for together in one statement, then serves them from memory', async () => {
    const { cache, reads } = countedCache();
    const found = await Promise.all([...sessionIds, ...sessionIds].map((id) => cache.get(id)));
    expect(found.map((s) => s?.sessionUuid)).toEqual([...sessionIds, ...sessionIds]);
    expect(reads).toEqual([sessionIds]);
    await Promise.all(sessionIds.map((id) => cache.get(id)));
    expect(reads).toHaveLength(1);
    expect(await cache.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('drops a forgotten session at once, and sees any other revocation within SESSION_CACHE_MS', async () => {
    const { cache, reads } = countedCache();
    const [first, second] = sessionIds as [string, string];
    await Promise.all([cache.get(first), cache.get(second)]);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.sessionUuid, first));
    cache.forget([first]);
    expect(await cache.get(first)).toBeNull();
    // Revoked in the database without a message: still served for a moment, never past the window.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.sessionUuid, second));
    const revokedAt = performance.now();
    let refused = false;
    while (!refused) {
      refused = (await cache.get(second)) === null;
      if (!refused) await sleep(20);
    }
    expect(performance.now() - revokedAt).toBeLessThan(SESSION_CACHE_MS + 100);
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('fails each waiting lookup with the database error, caching nothing', async () => {
    let fail = true;
    const cache = createSessionCache(t.database.db, {
      read: (conn, ids, now) =>
        fail ? Promise.reject(new Error('database away')) : findLiveSessions(conn, ids, now),
    });
    const id = sessionIds[4]!;
    await expect(Promise.all([cache.get(id), cache.get(id)])).rejects.toThrow('database away');
    fail = false;
    expect((await cache.get(id))?.sessionUuid).toBe(id);
  });
});
