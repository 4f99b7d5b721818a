import { randomBytes } from 'node:crypto';
import { topics, type UserInfo } from '@tsunagu/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createSecretBox } from '../../platform/crypto/secrets';
import type { Database } from '../../platform/db/client';
import { seedDemo } from '../../platform/db/seed';
import { createRecordingStorage } from '../../platform/files/recording-storage';
import { createRedisBus, type Bus } from '../../platform/realtime';
import { nextMessage, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { createTestEngine, type TestEngine } from '../../testing/test-engine';
import { openTestDatabase, testConfig } from '../../testing/test-app';

// Two server instances on one database and one Redis, each with its own sandbox engine: a simulated
// desk phone's registration on instance A reaches a presence tab connected to instance B.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tsunagu-test-${randomBytes(4).toString('hex')}:`;
const config = testConfig();
let database: Database;
const instances: { app: FastifyInstance; bus: Bus; engine: TestEngine }[] = [];
const clients: TestStompClient[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, createSecretBox(config.secretKey), createRecordingStorage(config.dataDir));
  for (let i = 0; i < 2; i++) {
    const bus = createRedisBus(REDIS_URL, { prefix });
    const engine = createTestEngine();
    instances.push({ app: await buildApp({ config, database, demo: true, bus, engine }), bus, engine });
  }
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  for (const { app, bus } of instances) {
    await app.close();
    await bus.close();
  }
  await database.close();
});

describe('desk phones across instances', () => {
  it("delivers the sandbox's desk-phone registration on instance A to a client of instance B", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const login = await b.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'yamada', password: 'Staff#2026' },
    });
    const token = String(login.headers.authorization).replace('Bearer ', '');
    const info = (
      await b.app.inject({
        method: 'GET',
        url: '/api/v1/user/info/yamada',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data as UserInfo;
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const client = stompClient(address.replace('http', 'ws') + '/ws', {
      connectHeaders: { login: info.user.userUuid, passcode: token },
    });
    clients.push(client);
    await client.connected;
    const { next } = await nextMessage(client, topics.deskPhone(info.domain.domainUuid));

    a.engine.emit('registration', {
      domainName: info.domain.domainName,
      extension: '1003',
      registered: true,
      kind: 'sip',
    });

    expect(JSON.parse((await next).body)).toEqual({ extension: '1003', registered: true });
  });
});
