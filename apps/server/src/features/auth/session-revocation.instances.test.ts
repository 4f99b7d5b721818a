import { messages } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTwoInstances, type Instance } from '../../testing/instances';
import { users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';

// Two instances on one database and one Redis, each caching live sessions (session-cache.ts): a session
// ended through one instance is refused by the other at once; one ended by any other means (a disabled
// user) within a second.
const two = useTwoInstances();

const headersOf = (token: string) => ({
  authorization: `Bearer ${token}`,
  cookie: 'XSRF-TOKEN=x',
  'x-xsrf-token': 'x',
});

async function signIn(app: FastifyInstance, username: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: FACTORY_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return headersOf(String(res.headers.authorization).replace('Bearer ', ''));
}

const info = (app: FastifyInstance, username: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1/user/info/${username}`, headers });

/** Milliseconds until the instance refuses the session (401), polling every 20 ms for at most 3 s. */
async function refusedAfter(app: FastifyInstance, username: string, headers: Record<string, string>) {
  const start = performance.now();
  while (performance.now() - start < 3_000) {
    const res = await info(app, username, headers);
    if (res.statusCode === 401) {
      expect(res.json().msg).toBe(messages.sessionExpired);
      return performance.now() - start;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

describe('a session ended on one instance', () => {
  it('is refused by the other within a second of a logout, a forced logout or a disabled user', async () => {
    const [a, b] = two.list as [Instance, Instance];
    const [suzuki, tanaka, sato, admin] = [
      await two.build.user(two.tenant),
      await two.build.user(two.tenant),
      await two.build.user(two.tenant),
      await two.build.user(two.tenant, { userClass: 'CP' }),
    ] as const;
    // Logout through A: B held the session in its cache a moment before.
    const suzukiSession = await signIn(a.app, suzuki.username);
    expect((await info(b.app, suzuki.username, suzukiSession)).statusCode).toBe(200);
    expect(
      (await a.app.inject({ method: 'GET', url: '/api/logout', headers: suzukiSession })).statusCode,
    ).toBe(200);
    expect((await info(a.app, suzuki.username, suzukiSession)).statusCode).toBe(401);
    expect(await refusedAfter(b.app, suzuki.username, suzukiSession)).toBeLessThan(1_000);

    // Forced logout by the tenant's administrator through B.
    const tanakaSession = await signIn(a.app, tanaka.username);
    expect((await info(a.app, tanaka.username, tanakaSession)).statusCode).toBe(200);
    const adminSession = await signIn(b.app, admin.username);
    const forced = await b.app.inject({
      method: 'POST',
      url: '/api/v1/user/forceLogout',
      headers: adminSession,
      payload: { userUuid: tanaka.userUuid },
    });
    expect(forced.statusCode).toBe(200);
    expect(await refusedAfter(a.app, tanaka.username, tanakaSession)).toBeLessThan(1_000);

    // A user disabled in the database, with no message at all: the cache's window.
    const satoSession = await signIn(a.app, sato.username);
    expect((await info(a.app, sato.username, satoSession)).statusCode).toBe(200);
    expect((await info(b.app, sato.username, satoSession)).statusCode).toBe(200);
    await two.database.db.update(users).set({ enabled: false }).where(eq(users.userUuid, sato.userUuid));
    try {
      const [onA, onB] = await Promise.all([
        refusedAfter(a.app, sato.username, satoSession),
        refusedAfter(b.app, sato.username, satoSession),
      ]);
      expect(onA).toBeLessThan(1_000);
      expect(onB).toBeLessThan(1_000);
    } finally {
      await two.database.db.update(users).set({ enabled: true }).where(eq(users.userUuid, sato.userUuid));
    }
  });
});
