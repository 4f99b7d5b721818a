import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  followPresence,
  nextMessage,
  stompClient,
  type TestStompClient,
} from '../apps/server/src/platform/realtime/stomp-test-kit';
import { startPrivateRedis, type PrivateRedis } from '../apps/server/src/testing/private-redis';
import { startServer, type StartedServer } from './support/server';

// Two instances as an operator runs them behind one address: `node --import tsx apps/server/src/main.ts`
// twice, on one PostgreSQL database (created for this run) and one Redis (a private redis-server this
// test may stop and start), with the same secrets and their own ports and data directories.

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `tsunagu_instances_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();
const secrets = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  SECRET_KEY: randomBytes(32).toString('base64'),
};
const SHARING_STOPPED = 'real-time events are no longer shared between instances';
const SHARING_RESUMED = 'Redis reachable again: real-time events are shared';

let redis: PrivateRedis;
let one: StartedServer;
let two: StartedServer;
const clients: TestStompClient[] = [];
let yamada: Session;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const startInstance = (instanceId: string) =>
  startServer({
    web: false,
    env: {
      ...secrets,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      TELEPHONY: 'sandbox',
      DEMO_DATA: 'true',
      INSTANCE_ID: instanceId,
    },
  });

beforeAll(async () => {
  await admin(`CREATE DATABASE ${database}`);
  redis = await startPrivateRedis();
  // One after the other: the first seeds the demo data and applies the migrations.
  one = await startInstance('instance-1');
  two = await startInstance('instance-2');
  // One session for the watching user: a user may hold only three at a time.
  yamada = await signIn(one, 'yamada');
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await Promise.all([one?.stop(), two?.stop()]);
  await redis?.stop();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

interface Session {
  token: string;
  userUuid: string;
  domainUuid: string;
}

const XSRF = 'instances-test';
const headers = (token: string) => ({
  authorization: `Bearer ${token}`,
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  'content-type': 'application/json',
});

/** Signs in through one instance's API; the session is good on every instance. */
async function signIn(on: StartedServer, username: string, password = 'Staff#2026'): Promise<Session> {
  const res = await fetch(`${on.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  const token = (res.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  const info = await fetch(`${on.baseUrl}/api/v1/user/info/${username}`, { headers: headers(token) });
  const { data } = (await info.json()) as { data: { user: { userUuid: string; domainUuid: string } } };
  return { token, userUuid: data.user.userUuid, domainUuid: data.user.domainUuid };
}

function call(on: StartedServer, session: Session, method: string, path: string, body?: unknown) {
  return fetch(`${on.baseUrl}/api${path}`, {
    method,
    headers: headers(session.token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function connect(on: StartedServer, session: Session): Promise<TestStompClient> {
  const client = stompClient(on.baseUrl.replace('http', 'ws') + '/ws', {
    connectHeaders: { login: session.userUuid, passcode: session.token },
  });
  clients.push(client);
  await client.connected;
  return client;
}

const sendChat = (on: StartedServer, from: Session, to: Session, message: string) =>
  call(on, from, 'POST', '/v1/chat/send', {
    chatUuid: randomUUID(),
    domainUuid: from.domainUuid,
    userUuid: from.userUuid,
    message,
    toUsers: JSON.stringify([{ id: to.userUuid, itemName: '' }]),
  });

const onlineCount = (list: unknown, userUuid: string) =>
  (list as { userUuid: string; loginCnt: number }[]).find((u) => u.userUuid === userUuid)?.loginCnt ?? 0;

describe('staff connected to two instances on PostgreSQL and Redis', () => {
  it("carries a chat sent through instance 1's API to a user connected to instance 2", async () => {
    const suzuki = await signIn(two, 'suzuki');
    const onTwo = await connect(two, suzuki);
    const { next } = await nextMessage(onTwo, `/topic/chat/${suzuki.userUuid}`);
    expect((await sendChat(one, yamada, suzuki, '別のサーバーから')).status).toBe(200);
    expect((await next).body).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows on instance 1 a user who comes online on instance 2, and the API of either agrees', async () => {
    const watcher = await connect(one, yamada);
    const presence = await followPresence(watcher, yamada.domainUuid);
    const suzuki = await signIn(one, 'suzuki');
    const onTwo = await connect(two, suzuki);
    await presence.until((count) => count(suzuki.userUuid) >= 1);
    // Suzuki's sessions online, as instance 2 counted them when this one connected.
    const count = presence.count(suzuki.userUuid);
    for (const on of [one, two]) {
      const list = await call(on, yamada, 'GET', `/v1/user/loginUsers/${yamada.domainUuid}`);
      const { data } = (await list.json()) as { data: unknown };
      expect(onlineCount(data, suzuki.userUuid)).toBe(count);
    }
    await onTwo.client.deactivate();
  });

  it('forced sign-out on instance 1 tells the user on instance 2 and closes the socket there', async () => {
    const adminSession = await signIn(one, 'admin', 'Admin#2026');
    const suzuki = await signIn(two, 'suzuki');
    const onTwo = await connect(two, suzuki);
    const { next: told } = await nextMessage(onTwo, `/topic/force/${suzuki.userUuid}`);
    const res = await call(one, adminSession, 'POST', '/v1/user/forceLogout', { userUuid: suzuki.userUuid });
    expect(res.status).toBe(200);
    await told;
    await onTwo.closed;
  });

  it('a sign-out through instance 1 closes that session’s socket on instance 2', async () => {
    const suzuki = await signIn(one, 'suzuki');
    const onTwo = await connect(two, suzuki);
    expect((await call(one, suzuki, 'GET', '/logout')).status).toBe(200);
    await onTwo.closed;
  });

  it('keeps serving each instance’s own clients while Redis is away, and shares again once it is back', async () => {
    const suzuki = await signIn(one, 'suzuki');
    const onOne = await connect(one, suzuki);
    const onTwo = await connect(two, suzuki);

    await redis.stop();
    // Each instance says so once in its log.
    await vi.waitFor(() => expect(one.output()).toContain(SHARING_STOPPED), { timeout: 15_000 });
    await vi.waitFor(() => expect(two.output()).toContain(SHARING_STOPPED), { timeout: 15_000 });
    const local = await nextMessage(onOne, `/topic/chat/${suzuki.userUuid}`);
    const started = Date.now();
    expect((await sendChat(one, yamada, suzuki, 'Redisが止まっていても')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    await local.next;
    expect(one.output().split(SHARING_STOPPED).length - 1).toBe(1);

    await redis.start();
    await vi.waitFor(() => expect(one.output()).toContain(SHARING_RESUMED), { timeout: 15_000 });
    await vi.waitFor(() => expect(two.output()).toContain(SHARING_RESUMED), { timeout: 15_000 });
    const remote = await nextMessage(onTwo, `/topic/chat/${suzuki.userUuid}`);
    expect((await sendChat(one, yamada, suzuki, 'Redisが戻った')).status).toBe(200);
    await remote.next;
    await Promise.all([onOne.client.deactivate(), onTwo.client.deactivate()]);
  });

  it('takes the users of a crashed instance offline when it starts again', async () => {
    const watcher = await connect(one, yamada);
    const presence = await followPresence(watcher, yamada.domainUuid);
    const tanaka = await signIn(two, 'tanaka');
    await connect(two, tanaka);
    await presence.until((count) => count(tanaka.userUuid) === 1);

    const crashed = two;
    crashed.process.kill('SIGKILL');
    await crashed.stop();
    two = await startInstance('instance-2');
    await presence.until((count) => count(tanaka.userUuid) === 0);
  });
});
