import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { createSecretBox } from '../platform/crypto/secrets';
import type { Database } from '../platform/db/client';
import { createRedisBus, type Bus } from '../platform/realtime';
import { createRecordingStorage } from '../platform/files/recording-storage';
import { createFactories, type Factories } from './factories';
import { createTestEngine, type TestEngine } from './test-engine';
import { openTestDatabase, testConfig } from './test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Instance {
  app: FastifyInstance;
  bus: Bus;
  /** The scriptable engine, when asked for; otherwise each instance runs the sandbox exchange. */
  engine: TestEngine | undefined;
}

export interface Instances {
  /** Filled in beforeAll: two instances, each with its own engine and Redis connection. */
  readonly list: Instance[];
  database: Database;
  /** Builds rows on the instances' shared database. */
  build: Factories;
  /** A tenant built for the file, holding only what its tests build in it. */
  tenant: Awaited<ReturnType<Factories['tenant']>>;
}

/**
 * Two server instances on one empty database (PostgreSQL in the server-pg project) and one Redis under a
 * prefix of this file's own, as several instances run in production; closed after the file's tests.
 */
export function useTwoInstances(
  options: { testEngines?: boolean; beforeClose?: () => Promise<unknown> } = {},
): Instances {
  const config = testConfig();
  const prefix = `tsunagu-test-${randomBytes(4).toString('hex')}:`;
  const state = { list: [] as Instance[] } as Instances;
  beforeAll(async () => {
    state.database = await openTestDatabase();
    state.build = createFactories(
      state.database.db,
      createSecretBox(config.secretKey),
      createRecordingStorage(config.dataDir),
    );
    state.tenant = await state.build.tenant();
    for (let i = 0; i < 2; i++) {
      const bus = createRedisBus(REDIS_URL, { prefix });
      const engine = options.testEngines ? createTestEngine() : undefined;
      state.list.push({
        app: await buildApp({ config, database: state.database, demo: false, bus, engine }),
        bus,
        engine,
      });
    }
  });
  afterAll(async () => {
    await options.beforeClose?.();
    for (const { app, bus } of state.list) {
      await app.close();
      await bus.close();
    }
    await state.database.close();
  });
  return state;
}
