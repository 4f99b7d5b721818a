import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppConfig, type AppDeps } from '../app';
import { checkEveryAnswer } from './answer-check';
import { openPostgres, type Database } from '../platform/db/client';
import { openMigratedPglite } from './migrated-pglite';
import { migrate } from '../platform/db/migrate';
import { createSecretBox } from '../platform/crypto/secrets';
import { createRecordingStorage } from '../platform/files/recording-storage';
import { createNoopEngine, type ConfigKind, type TelephonyEngine } from '../telephony/engine';
import { createFactories, type Factories } from './factories';
import { sql } from 'drizzle-orm';
import { currentCode } from '../platform/auth/two-step/totp';

/** Configuration for tests: random secrets, generous limits, a fresh temporary data directory. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    dataDir: mkdtempSync(join(tmpdir(), 'tsunagu-test-')),
    jwtSecret: randomBytes(32),
    secretKey: randomBytes(32),
    telephony: 'sandbox',
    freeswitch: null,
    loginLimitPerAddress: 1000,
    loginLimitPerUser: 1000,
    sessionHours: 12,
    ...overrides,
  };
}

/**
 * A migrated, empty database for one test file: in-memory PGlite, or — when the `server-pg` project
 * runs (TEST_DB=postgres) — a fresh schema on TEST_DATABASE_URL, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  let database: Database;
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the server-pg project');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(url);
    await admin.runScript(`CREATE SCHEMA ${schema}`);
    const scoped = await openPostgres(url, schema);
    database = {
      ...scoped,
      close: async () => {
        await scoped.close();
        await admin.runScript(`DROP SCHEMA ${schema} CASCADE`);
        await admin.close();
      },
    };
  } else {
    database = await openMigratedPglite();
  }
  await migrate(database);
  return database;
}

/** A signed-in test client: its headers carry the token and a matching XSRF cookie/header pair. */
export interface TestSession {
  token: string;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Every engine.configChanged call so far, in order (unless a test passed its own engine). */
  configChanges: { tenantUuid: string; kind: ConfigKind }[];
  /** Every engine.dropRegistrations call so far, in order (unless a test passed its own engine). */
  registrationDrops: { tenantUuid: string; extension: string }[];
  /** Builds tenants, users, extensions and calls for the test. */
  build: Factories;
  /**
   * Signs in through the real endpoints; throws when the sign-in fails. A second step is answered with
   * the user's authenticator (set up on the spot where it is required: provider users), whose secret
   * is kept in `twoStepSecrets`.
   */
  login(username: string, password: string): Promise<TestSession>;
  /** The TOTP secret of each user the login helper set two-step sign-in up for (or a test registered). */
  twoStepSecrets: Map<string, string>;
  /** app.inject as the given session (or anonymously). */
  request(session: TestSession | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Builds the app on a fresh, empty database: a test builds the rows it needs with `build` (the factories). */
export async function createTestApp(
  options: { config?: Partial<AppConfig>; deps?: Partial<AppDeps> } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig(options.config);
  const secrets = createSecretBox(config.secretKey);
  const configChanges: TestApp['configChanges'] = [];
  const registrationDrops: TestApp['registrationDrops'] = [];
  const engine: TelephonyEngine = {
    ...createNoopEngine(),
    configChanged: (tenantUuid, kind) => void configChanges.push({ tenantUuid, kind }),
    dropRegistrations: async (tenantUuid, extension) =>
      void registrationDrops.push({ tenantUuid, extension }),
  };
  const app = await buildApp({ config, database, demo: false, engine, ...options.deps });
  checkEveryAnswer(app);
  const xsrf = randomBytes(12).toString('hex');
  const twoStepSecrets = new Map<string, string>();
  /** The login helper's second step: the app's current code, accepted again (last_step reset) for quick re-sign-ins. */
  async function secondStep(username: string, challenge: { mode: string; ticket: string }) {
    const { ticket } = challenge;
    if (challenge.mode === 'setup') {
      const setup = await app.inject({
        method: 'POST',
        url: '/api/login/two-step/setup',
        payload: { ticket },
      });
      twoStepSecrets.set(username, setup.json().data.secret);
    }
    const secret = twoStepSecrets.get(username);
    if (!secret)
      throw new Error(`login ${username}: two-step sign-in is on and its secret unknown to the test`);
    // A code is accepted once; the helper signs in many times within one 30-second step.
    await database.db.execute(
      sql`UPDATE user_two_step SET last_step = 0 WHERE user_uuid = (SELECT user_uuid FROM users WHERE lower(username) = lower(${username}))`,
    );
    return app.inject({
      method: 'POST',
      url: '/api/login/two-step',
      payload: { ticket, code: currentCode(secret) },
    });
  }
  return {
    app,
    database,
    config,
    configChanges,
    registrationDrops,
    build: createFactories(database.db, secrets, createRecordingStorage(config.dataDir)),
    twoStepSecrets,
    async login(username, password) {
      let res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      const challenge = res.statusCode === 200 ? res.json().data.twoStep : undefined;
      if (challenge) res = await secondStep(username, challenge);
      const header = res.headers.authorization;
      if (res.statusCode !== 200 || typeof header !== 'string') {
        throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      }
      const token = header.replace(/^Bearer /, '');
      return {
        token,
        headers: { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      };
    },
    request(session, opts) {
      return app.inject({ ...opts, headers: { ...(session?.headers ?? {}), ...(opts.headers ?? {}) } });
    },
    async close() {
      await app.close();
      await database.close();
      if (!options.config?.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
