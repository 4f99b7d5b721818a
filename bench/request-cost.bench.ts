// Issue 16 benchmark: the fixed cost of an authenticated request — server CPU time per request of a
// small cached list (the demo tenant's extensions, brotli), read from /proc while wrk keeps 10 connections
// busy. What it measures is everything but the list: the session check, guards, hooks, the envelope.
// PROFILE=1 also writes a V8 CPU profile of the server (--cpu-prof) into PROFILE_DIR (default /tmp).
// Run: npx tsx bench/request-cost.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { scratchDatabase } from './large-tenant';
import { describeLoad, load } from './load';
import { freePort, freshDataDir, ROOT, stop, waitForLogin } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const dbUrl = await scratchDatabase('tsunagu_bench_request_cost');
const port = await freePort();
const profile = process.env.PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR ?? '/tmp'}`]
  : [];
const child = spawn('node', [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: freshDataDir(),
    DATABASE_URL: dbUrl,
    LOGIN_LIMIT_PER_ADDRESS: '1000000',
    LOGIN_LIMIT_PER_USER: '1000000',
  },
});
const base = `http://127.0.0.1:${port}`;

/** The server process's CPU time (user + system) in milliseconds. */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

try {
  const token = await waitForLogin(base, 'admin', 'Admin#2026');
  const db = new pg.Client(dbUrl);
  await db.connect();
  const { rows } = await db.query<{ domain_uuid: string }>(
    "SELECT domain_uuid FROM domains WHERE domain_name = 'demo.tsunagu.local'",
  );
  await db.end();
  const url = `${base}/api/v1/extension/${rows[0]!.domain_uuid}`;
  // As a browser sends it: the session, Accept-Encoding and the XSRF cookie it already holds.
  const headers = {
    authorization: token,
    'accept-encoding': 'gzip, deflate, br',
    cookie: 'XSRF-TOKEN=bench',
  };
  await load({ url, headers, connections: 10, seconds: 3 });
  const before = serverCpuMs();
  const result = await load({ url, headers, connections: 10, seconds: SECONDS });
  const cpuMs = serverCpuMs() - before;
  const requests = result.requestsPerSecond * SECONDS;
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`cached extension list: ${describeLoad(result)}`);
  console.log(
    `server CPU ${cpuMs} ms for ${Math.round(requests)} requests: ${((cpuMs * 1000) / requests).toFixed(0)} µs per request`,
  );
} finally {
  await stop(child);
}
