import { messages } from '@tsunagu/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditLog, sessions, users } from '../../platform/db/schema';
import { stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

// Small limits: three wrong passwords per address and ID, six per address, per minute.
let t: TestApp;
let url: string;
const clients: TestStompClient[] = [];
// The login IDs of an office's administrator and four staff users.
const id = { admin: '', yamada: '', suzuki: '', tanaka: '', sato: '' };
beforeAll(async () => {
  t = await createTestApp({ config: { loginLimitPerUser: 3, loginLimitPerAddress: 6 } });
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  const office = await t.build.tenant();
  id.admin = (await t.build.user(office, { userClass: 'CP' })).username;
  for (const who of ['yamada', 'suzuki', 'tanaka', 'sato'] as const)
    id[who] = (await t.build.user(office)).username;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

const login = (username: string, password: string, from: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password, ...extra },
    remoteAddress: from,
  });
const asSession = (token: string): TestSession => ({ token, headers: { authorization: `Bearer ${token}` } });
const tokenOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.authorization).replace(/^Bearer /, '');
const infoStatus = async (s: TestSession, username: string) =>
  (await t.request(s, { method: 'GET', url: `/api/v1/user/info/${username}` })).statusCode;
const userUuidOf = async (username: string) =>
  (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.userUuid;
function connect(userUuid: string, token: string) {
  const c = stompClient(url, { connectHeaders: { login: userUuid, passcode: token } });
  clients.push(c);
  return c;
}

describe('sign-in throttle', () => {
  it('refuses the guessing address, not the user: the right password from elsewhere signs in', async () => {
    for (let i = 0; i < 3; i++) expect((await login(id.admin, 'guess', '203.0.113.7')).statusCode).toBe(401);
    const blocked = await login(id.admin, FACTORY_PASSWORD, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(messages.tooManyAttempts);
    expect((await login(id.admin, FACTORY_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    const throttled = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login.failure'), eq(auditLog.ip, '203.0.113.7')));
    expect(throttled.map((r) => (r.detail as { reason: string }).reason)).toEqual([
      'credentials',
      'credentials',
      'credentials',
      'throttled',
    ]);
  });

  it('limits one address across IDs', async () => {
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) {
      expect((await login(name, 'guess', '203.0.113.8')).statusCode).toBe(401);
    }
    expect((await login(id.yamada, FACTORY_PASSWORD, '203.0.113.8')).statusCode).toBe(429);
    expect((await login(id.yamada, FACTORY_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
  });

  it('slows an ID attacked from many addresses down, and still lets its owner in', async () => {
    // Three free, then 250, 500, 1000 ms; the owner's attempt after them waits 2000 ms.
    for (let i = 1; i <= 6; i++) expect((await login(id.sato, 'guess', `192.0.2.${i}`)).statusCode).toBe(401);
    const started = performance.now();
    expect((await login(id.sato, FACTORY_PASSWORD, '192.0.2.100')).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  it("counts per client address from the trusted proxy's X-Forwarded-For, and only from a trusted proxy", async () => {
    const proxied = await buildApp({
      config: { ...t.config, loginLimitPerUser: 1, trustProxy: ['10.9.9.9'] },
      database: t.database,
      demo: false,
    });
    try {
      const via = (client: string, password: string, peer = '10.9.9.9') =>
        proxied.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: id.suzuki, password },
          remoteAddress: peer,
          headers: { 'x-forwarded-for': client },
        });
      expect((await via('203.0.113.50', 'guess')).statusCode).toBe(401);
      expect((await via('203.0.113.50', FACTORY_PASSWORD)).statusCode).toBe(429);
      // Another client behind the same proxy is not the guesser.
      expect((await via('203.0.113.51', FACTORY_PASSWORD)).statusCode).toBe(200);
      // A client that is not the proxy cannot choose its address with the header.
      expect((await via('203.0.113.60', 'guess', '198.51.100.9')).statusCode).toBe(401);
      expect((await via('203.0.113.61', FACTORY_PASSWORD, '198.51.100.9')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('ending the oldest session when the limit is used up', () => {
  it("still answers 'sesion-max' without the flag, and with it ends the oldest session and its socket", async () => {
    await t.database.db.update(users).set({ maxSessions: 2 }).where(eq(users.username, id.tanaka));
    const tanaka = await userUuidOf(id.tanaka);
    const oldest = tokenOf(await login(id.tanaka, FACTORY_PASSWORD, '10.1.0.1'));
    const second = tokenOf(await login(id.tanaka, FACTORY_PASSWORD, '10.1.0.1'));
    const socket = connect(tanaka, oldest);
    await socket.connected;
    const suzuki = await t.login(id.suzuki, FACTORY_PASSWORD);

    const refused = await login(id.tanaka, FACTORY_PASSWORD, '10.1.0.1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(messages.sessionMax);
    // A wrong password with the flag ends nothing.
    expect((await login(id.tanaka, 'guess', '10.1.0.1', { endOldestSession: true })).statusCode).toBe(401);
    expect(await infoStatus(asSession(oldest), id.tanaka)).toBe(200);

    const res = await login(id.tanaka, FACTORY_PASSWORD, '10.1.0.1', { endOldestSession: true });
    expect(res.statusCode).toBe(200);
    await socket.closed;
    expect(await infoStatus(asSession(oldest), id.tanaka)).toBe(401);
    expect(await infoStatus(asSession(second), id.tanaka)).toBe(200);
    expect(await infoStatus(asSession(tokenOf(res)), id.tanaka)).toBe(200);
    // Nobody else's session is touched.
    expect(await infoStatus(suzuki, id.suzuki)).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'login.endOldestSession'));
    expect(entry?.userUuid).toBe(tanaka);
  });
});

describe('password change', () => {
  it("ends the user's other sessions and their sockets; the current one stays signed in", async () => {
    const yamada = await userUuidOf(id.yamada);
    const other = await t.login(id.yamada, FACTORY_PASSWORD);
    const current = await t.login(id.yamada, FACTORY_PASSWORD);
    const otherSocket = connect(yamada, other.token);
    const currentSocket = connect(yamada, current.token);
    await Promise.all([otherSocket.connected, currentSocket.connected]);
    let currentClosed = false;
    void currentSocket.closed.then(() => (currentClosed = true));
    const res = await t.request(current, {
      method: 'POST',
      url: '/api/v1/user',
      payload: {
        userUuid: yamada,
        userCredentials: { password: 'Yamada#2027', currentPassword: FACTORY_PASSWORD },
      },
    });
    expect(res.statusCode).toBe(200);
    await otherSocket.closed;
    expect(await infoStatus(other, id.yamada)).toBe(401);
    expect(await infoStatus(current, id.yamada)).toBe(200);
    expect(currentClosed).toBe(false);
    const live = await t.database.db
      .select({ sessionUuid: sessions.sessionUuid })
      .from(sessions)
      .where(and(eq(sessions.userUuid, yamada), sql`${sessions.revokedAt} IS NULL`))
      .orderBy(asc(sessions.createdAt));
    expect(live).toHaveLength(1);
  });
});
