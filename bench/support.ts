import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { messages } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { createSecretBox } from '../apps/server/src/platform/crypto/secrets';
import { openPostgres, type Database } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { domains } from '../apps/server/src/platform/db/schema';
import { DEMO_DOMAIN, seedDemo } from '../apps/server/src/platform/db/seed';
import { createRecordingStorage } from '../apps/server/src/platform/files/recording-storage';

export const ROOT = new URL('..', import.meta.url).pathname;

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const freshDataDir = () => mkdtempSync(join(tmpdir(), 'tsunagu-bench-'));

/** Starts a command in its own process group with the given environment. */
export function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** The console as `npm start` runs it, on a scratch PostgreSQL database, with sign-in limits out of a load's way. */
export async function startConsoleOn(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = start('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    PORT: String(port),
    DATA_DIR: freshDataDir(),
    DATABASE_URL: databaseUrl,
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
    LOGIN_LIMIT_PER_USER: '1000000',
    ...env,
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/** Stops a process group started by start(). */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-(child.pid as number), 'SIGTERM');
  });
}

/** POSTs JSON; returns status, headers and body. */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Polls until sign-in succeeds; returns the token. */
export async function waitForLogin(
  base: string,
  username: string,
  password: string,
  timeoutMs = 60_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // A bench run on data an earlier run left may meet the user's session limit: end the oldest.
      const res = await postJson(`${base}/api/login`, { username, password, endOldestSession: true });
      const token = res.headers.get('authorization');
      if (res.status === 200 && token) return token;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('server did not accept a sign-in in time');
}

/** Resident memory (MB) of the process whose command line contains `marker` and whose DATA_DIR is `dataDir`. */
export function rssOfServer(dataDir: string): number {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (cmd.includes('apps/server/src/main.ts') && env.includes(`DATA_DIR=${dataDir}`)) {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return Number(kb) / 1024;
      }
    } catch {
      // process gone or not ours
    }
  }
  throw new Error('server process not found');
}

/**
 * Signs in through the login form (the page's baseURL is the server) and waits for the shell. A bench run
 * on data an earlier run left may meet the user's session limit: the login page's offer to end the oldest
 * session is then taken (without it, the sign-in timed out after 30 s and the run ended with no figure).
 */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ID', { exact: true }).fill(username);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  const shell = page.getByRole('button', { name: 'ユーザーメニュー' });
  const endOldest = page.getByRole('button', { name: messages.endOldestSession });
  await shell.or(endOldest).waitFor();
  if (await endOldest.isVisible()) await endOldest.click();
  await shell.waitFor();
}

/** Runs one step of a build and prints how long it took. */
export async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The key the demo's extension passwords are sealed with: a console started on a bench schema needs it. */
export const BENCH_SECRET_KEY = Buffer.alloc(32, 3).toString('base64');

export interface BenchSchema {
  /** The schema's database URL (its search_path set), for a console started on it. */
  url: string;
  database: Database;
  /** The demo tenant. */
  tenant: string;
}

export interface BenchSchemaOptions {
  /** The schema of the `test` database (BENCH_PG_URL) the build lives in. */
  schema: string;
  /** The build's sizes: a schema holding another build (or an unfinished one) is dropped and rebuilt. */
  sizes: string;
  /** What is being built, for the log. */
  describe: string;
  /** Fills the seeded schema (its search_path set on `db`) for the demo tenant. */
  fill: (db: pg.Client, schema: BenchSchema) => Promise<void>;
}

/**
 * A benchmark's database, built once and reused: the schema is migrated to the current code (ANALYZE when
 * that applied anything), or, when it holds no finished build of these sizes, dropped, created, migrated,
 * seeded with the demo and filled; `bench_built` marks a finished build.
 */
export async function openBenchSchema(options: BenchSchemaOptions): Promise<BenchSchema> {
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${options.schema}`);
  const schemaUrl = url.toString();
  const admin = new pg.Client(pgUrl);
  await admin.connect();
  const built = await admin
    .query<{ sizes: string }>(`SELECT sizes FROM ${options.schema}.bench_built`)
    .then((r) => r.rows[0]?.sizes === options.sizes)
    .catch(() => false);
  if (!built) {
    console.log(`building ${options.describe} in ${options.schema}`);
    await admin.query(`DROP SCHEMA IF EXISTS ${options.schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${options.schema}`);
  }
  await admin.end();
  const database = await openPostgres(schemaUrl);
  const applied = await migrate(database);
  if (built && applied.length > 0) {
    console.log(`migrated the build: ${applied.join(', ')}`);
    await database.runScript('ANALYZE');
  }
  if (!built) {
    await seedDemo(
      database.db,
      createSecretBox(Buffer.from(BENCH_SECRET_KEY, 'base64')),
      createRecordingStorage(freshDataDir()),
    );
  }
  const [demo] = await database.db.select().from(domains).where(eq(domains.domainName, DEMO_DOMAIN));
  const tenant = demo!.domainUuid;
  if (!built) {
    const db = new pg.Client(schemaUrl);
    await db.connect();
    try {
      await options.fill(db, { url: schemaUrl, database, tenant });
      await db.query(`CREATE TABLE bench_built AS SELECT $1::text AS sizes`, [options.sizes]);
    } finally {
      await db.end();
    }
  }
  return { url: schemaUrl, database, tenant };
}

/** The nearest-rank quantile `q` (0–1) of values sorted ascending. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** p50/p99 (ms) of `runs` sequential calls of `fn` after `warmUps` unmeasured ones. */
export async function measure(runs: number, fn: () => Promise<unknown>, warmUps = 2): Promise<string> {
  for (let i = 0; i < warmUps; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return `p50 ${quantile(samples, 0.5).toFixed(2)} ms, p99 ${quantile(samples, 0.99).toFixed(2)} ms (${runs} runs)`;
}
