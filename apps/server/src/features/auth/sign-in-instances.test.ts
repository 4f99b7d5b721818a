import { randomInt } from 'node:crypto';
import { messages } from '@tsunagu/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createSecretBox } from '../../platform/crypto/secrets';
import type { Database } from '../../platform/db/client';
import { seedDemo } from '../../platform/db/seed';
import { createRecordingStorage } from '../../platform/files/recording-storage';
import { TEST_REDIS_URL } from '../../platform/realtime/stomp-test-kit';
import { openTestDatabase, testConfig } from '../../testing/test-app';

// Two instances on one database and one Redis, as `npm start` runs them with REDIS_URL: the sign-in
// limits are counted in Redis, so guessing through both instances is limited once.
// It stays on the demo seed (left so by issue 15's migration): it builds its two apps itself, without the
// test kit that carries the factories, and signs in as the demo's users.
const config = testConfig({ redisUrl: TEST_REDIS_URL, loginLimitPerUser: 3, loginLimitPerAddress: 100 });
let database: Database;
const instances: FastifyInstance[] = [];
// Counters live in the shared Redis for a minute: an address of this run only keeps runs apart.
const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, createSecretBox(config.secretKey), createRecordingStorage(config.dataDir));
  for (let i = 0; i < 2; i++) instances.push(await buildApp({ config, database, demo: true }));
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await database.close();
});

const login = (app: FastifyInstance, username: string, password: string, remoteAddress = address) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });

describe('sign-in limits across instances', () => {
  it('counts wrong passwords sent through either instance together', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    expect((await login(a, 'yamada', 'guess')).statusCode).toBe(401);
    expect((await login(b, 'yamada', 'guess')).statusCode).toBe(401);
    expect((await login(a, 'yamada', 'guess')).statusCode).toBe(401);
    const refused = await login(b, 'yamada', 'Staff#2026');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(messages.tooManyAttempts);
  });

  it('signs in on per-instance limits when Redis cannot be reached, never with a 500', async () => {
    const away = await buildApp({
      config: { ...config, redisUrl: 'redis://127.0.0.1:1' },
      database,
      demo: true,
    });
    try {
      expect((await login(away, 'suzuki', 'Staff#2026')).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login(away, 'suzuki', 'guess')).statusCode).toBe(401);
      expect((await login(away, 'suzuki', 'Staff#2026')).statusCode).toBe(429);
    } finally {
      await away.close();
    }
  });
});
