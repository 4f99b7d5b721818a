// Issue 2 benchmark: cold start, idle memory, login and user-info throughput, login route JS size.
// Run after `npm run build`: npx tsx bench/foundation.bench.ts
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { describeLoad, load, type LoadOptions } from './load';
import { freePort, freshDataDir, rssOfServer, start, stop, waitForLogin } from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function coldStart() {
  const port = await freePort();
  const dataDir = freshDataDir();
  const t0 = performance.now();
  const child = start('npm', ['start'], { PORT: String(port), DATA_DIR: dataDir });
  await waitForLogin(`http://127.0.0.1:${port}`, 'yamada', 'Staff#2026');
  const startMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 5_000));
  const idleMb = rssOfServer(dataDir);
  const jsKb = await loginRouteJs(`http://127.0.0.1:${port}/login`);
  await stop(child);
  // A restart skips initdb and seeding: the steady state of a running installation.
  const again = start('npm', ['start'], { PORT: String(port), DATA_DIR: dataDir });
  const t1 = performance.now();
  await waitForLogin(`http://127.0.0.1:${port}`, 'yamada', 'Staff#2026');
  const restartMs = performance.now() - t1;
  await new Promise((r) => setTimeout(r, 5_000));
  const restartIdleMb = rssOfServer(dataDir);
  await stop(again);
  return { startMs, idleMb, jsKb, restartMs, restartIdleMb };
}

/** Gzipped size of every script the browser loads for /login. */
async function loginRouteJs(url: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const total = (await Promise.all(bodies)).reduce((sum, b) => sum + gzipSync(b).length, 0);
  await browser.close();
  return total / 1024;
}

async function measure(title: string, options: LoadOptions) {
  console.log(
    `${title}: ${describeLoad(await load({ connections: 20, seconds: 15, warmupSeconds: 5, ...options }))}`,
  );
}

/** Throughput on PostgreSQL (a scratch database), so the bench can lift the session limit while the server runs. */
async function throughput() {
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS tsunagu_bench');
  await admin.query('CREATE DATABASE tsunagu_bench');
  await admin.end();
  const dbUrl = PG_URL.replace(/\/[^/]*$/, '/tsunagu_bench');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = start('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    PORT: String(port),
    DATA_DIR: freshDataDir(),
    DATABASE_URL: dbUrl,
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
    LOGIN_LIMIT_PER_USER: '1000000',
  });
  const token = await waitForLogin(base, 'yamada', 'Staff#2026');
  const db = new pg.Client(dbUrl);
  await db.connect();
  await db.query("UPDATE users SET max_sessions = 1000000 WHERE username = 'suzuki'");
  await db.end();
  await measure('user info  (GET /api/v1/user/info/yamada)', {
    url: `${base}/api/v1/user/info/yamada`,
    headers: { authorization: token },
  });
  await measure('login      (POST /api/login)', {
    url: `${base}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'suzuki', password: 'Staff#2026' }),
  });
  await stop(child);
}

// `-- throughput` measures only the request rates (the cold start takes a fresh data directory each time).
const only = process.argv.includes('throughput') ? 'throughput' : null;
const cold = only ? null : await coldStart();
if (cold) {
  console.log(
    `cold npm start → first successful /api/login: ${(cold.startMs / 1000).toFixed(2)} s (fresh data directory)`,
  );
  console.log(`server resident memory, idle after the first start: ${cold.idleMb.toFixed(0)} MB`);
  console.log(`restart → first successful /api/login: ${(cold.restartMs / 1000).toFixed(2)} s`);
  console.log(`server resident memory, idle after a restart: ${cold.restartIdleMb.toFixed(0)} MB`);
  console.log(`login route JavaScript: ${cold.jsKb.toFixed(1)} KB gzip`);
}
await throughput();
