import { randomInt } from 'node:crypto';
import { messages } from '@tsunagu/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createSecretBox } from '../../platform/crypto/secrets';
import type { Database } from '../../platform/db/client';
import { createRecordingStorage } from '../../platform/files/recording-storage';
import { TEST_REDIS_URL } from '../../platform/realtime/stomp-test-kit';
import { createFactories, FACTORY_PASSWORD } from '../../testing/factories';
import { openTestDatabase, testConfig } from '../../testing/test-app';

// Two instances on one database and one Redis, as `npm start` runs them with REDIS_URL: the sign-in
// limits are counted in Redis, so guessing through both instances is limited once.
const config = testConfig({ redisUrl: TEST_REDIS_URL, loginLimitPerUser: 3, loginLimitPerAddress: 100 });
let database: Database;
/** Two staff users of one tenant, built by the factories. */
let guessed: string;
let other: string;
const instances: FastifyInstance[] = [];
// Counters live in the shared Redis for a minute: an address of this run only keeps runs apart.
const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

beforeAll(async () => {
  database = await openTestDatabase();
  const build = createFactories(
    database.db,
    createSecretBox(config.secretKey),
    createRecordingStorage(config.dataDir),
  );
  const tenant = await build.tenant();
  guessed = (await build.user(tenant)).username;
  other = (await build.user(tenant)).username;
  for (let i = 0; i < 2; i++) instances.push(await buildApp({ config, database, demo: false }));
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
    expect((await login(a, guessed, 'guess')).statusCode).toBe(401);
    expect((await login(b, guessed, 'guess')).statusCode).toBe(401);
    expect((await login(a, guessed, 'guess')).statusCode).toBe(401);
    const refused = await login(b, guessed, FACTORY_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(messages.tooManyAttempts);
  });

  it('signs in on per-instance limits when Redis cannot be reached, never with a 500', async () => {
    const away = await buildApp({
      config: { ...config, redisUrl: 'redis://127.0.0.1:1' },
      database,
      demo: false,
    });
    try {
      expect((await login(away, other, FACTORY_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login(away, other, 'guess')).statusCode).toBe(401);
      expect((await login(away, other, FACTORY_PASSWORD)).statusCode).toBe(429);
    } finally {
      await away.close();
    }
  });
});
