// 内線分析 (issue 21, 4200) on PostgreSQL: one tenant with 200 users and EXT_BENCH_CALLS calls (default
// 1,000,000) spread over a year, a fifth of the incoming ones missed after ringing two extensions;
// p50/p99 of POST /v1/analysis/extension's database work (the service: this period and the one before)
// over a month and over a year. The target is p99 < 300 ms. Take figures on a quiet machine.
// The database (bench_extension_analysis) is built once, kept, and measured on later runs; the calls are
// loaded with the calls' triggers off and the roll-ups rebuilt after (bulk-calls.ts).
//   nice -n 10 npx tsx bench/extension-analysis.bench.ts --build     builds (several minutes)
//   quiet-run npx tsx bench/extension-analysis.bench.ts             measures (builds first if needed)
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createExtensionAnalysisService } from '../apps/server/src/features/analysis/extension-analysis.service';
import { createSecretBox } from '../apps/server/src/platform/crypto/secrets';
import { openPostgres } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { domains } from '../apps/server/src/platform/db/schema';
import { DEMO_DOMAIN, seedDemo } from '../apps/server/src/platform/db/seed';
import { createRecordingStorage } from '../apps/server/src/platform/files/recording-storage';
import { rebuildCallRollUps } from '../apps/server/src/testing/bulk-calls';
import { freshDataDir, step } from './support';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_extension_analysis';
const CALLS = Number(process.env.EXT_BENCH_CALLS ?? 1_000_000);
const USERS = 200;
const RUNS = Number(process.env.EXT_BENCH_RUNS ?? 20);

const admin = new pg.Client(SERVER_URL);
await admin.connect();
const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [NAME])).rowCount! > 0;
const dbUrl = SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${NAME}`);
let built = false;
if (exists) {
  const probe = new pg.Client(dbUrl);
  await probe.connect();
  built = await probe
    .query<{ calls: number }>('SELECT calls FROM bench_built')
    .then((r) => r.rows[0]?.calls === CALLS)
    .catch(() => false);
  await probe.end();
}
if (!built) {
  await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
  await admin.query(`CREATE DATABASE ${NAME}`);
}
await admin.end();
const database = await openPostgres(dbUrl);
await migrate(database);
if (!built) {
  await seedDemo(database.db, createSecretBox(Buffer.alloc(32, 3)), createRecordingStorage(freshDataDir()));
}
const [demo] = await database.db.select().from(domains).where(eq(domains.domainName, DEMO_DOMAIN));
const tenant = demo!.domainUuid;
if (!built) await build();

async function build() {
  // 200 users, each on an extension 5000–5199.
  await database.runScript(`
  INSERT INTO extensions (extension_uuid, domain_uuid, extension, password_enc)
    SELECT gen_random_uuid(), '${tenant}', (5000 + g)::text, 'x' FROM generate_series(0, ${USERS - 1}) g;
  INSERT INTO users (user_uuid, domain_uuid, username, user_nm, password_hash, extension_uuid)
    SELECT gen_random_uuid(), '${tenant}', 'bench' || e.extension, 'ベンチ ' || e.extension, 'x', e.extension_uuid
      FROM extensions e WHERE e.domain_uuid = '${tenant}' AND e.extension::int >= 5000;
  CREATE TEMP TABLE bench_users AS
    SELECT row_number() OVER (ORDER BY u.username) - 1 AS n, u.user_uuid, u.extension_uuid
      FROM users u WHERE u.domain_uuid = '${tenant}' AND u.username LIKE 'bench%';
`);

  // Calls one every year/CALLS seconds up to now: 3 in 5 incoming (1 in 5 of those missed), the rest
  // outgoing and internal; a missed call rang two users' extensions (two legs).
  const start = Date.now() - 365 * 86_400_000;
  const every = (365 * 86_400) / CALLS;
  // The calls' triggers off during the load (a statement of 60,000 incoming calls from 50,000 callers is
  // no write the product makes), the roll-ups rebuilt after.
  await database.runScript('ALTER TABLE calls DISABLE TRIGGER USER; ALTER TABLE cdrs DISABLE TRIGGER USER');
  for (let from = 0; from < CALLS; from += 100_000) {
    const to = Math.min(CALLS, from + 100_000) - 1;
    await database.runScript(`
    INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, end_stamp, agent_user_uuid,
        ring_seconds, talk_seconds, result, outside_key)
      SELECT gen_random_uuid(), '${tenant}', 'bench-' || g,
        CASE WHEN g % 5 < 3 THEN 'inbound' WHEN g % 5 = 3 THEN 'outbound' ELSE 'internal' END,
        to_timestamp(${start / 1000} + g * ${every}), to_timestamp(${start / 1000} + g * ${every} + 120),
        CASE WHEN g % 15 = 0 THEN NULL ELSE (SELECT user_uuid FROM bench_users WHERE n = g % ${USERS}) END,
        10, CASE WHEN g % 15 = 0 THEN 0 ELSE 90 END,
        CASE WHEN g % 15 = 0 THEN 'missed' ELSE 'answered' END,
        '03' || lpad((g % 50000)::text, 8, '0')
      FROM generate_series(${from}, ${to}) g;
    INSERT INTO cdrs (cdr_uuid, domain_uuid, call_uuid, call_id, extension_uuid, direction, start_stamp, originating)
      SELECT gen_random_uuid(), '${tenant}', 'bench-leg-' || g || '-' || k, 'bench-' || g,
        (SELECT extension_uuid FROM bench_users WHERE n = (g + k) % ${USERS}), 'local',
        to_timestamp(${start / 1000} + g * ${every}), false
      FROM generate_series(${from}, ${to}) g CROSS JOIN (VALUES (0), (1)) AS legs(k) WHERE g % 15 = 0;
  `);
  }
  await database.runScript('ALTER TABLE calls ENABLE TRIGGER USER; ALTER TABLE cdrs ENABLE TRIGGER USER');
  await rebuildCallRollUps(database, tenant, step);
  for (const table of ['calls', 'cdrs', 'users']) await database.runScript(`VACUUM ANALYZE ${table}`);
  await database.runScript(`CREATE TABLE bench_built AS SELECT ${CALLS}::int AS calls`);
}
if (process.argv.includes('--build')) {
  await database.close();
  process.exit(0);
}

const service = createExtensionAnalysisService({ db: database.db });
const day = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);
const periods = {
  month: { from: day(Date.now() - 29 * 86_400_000), to: day(Date.now()) },
  year: { from: day(Date.now() - 365 * 86_400_000), to: day(Date.now()) },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
console.log(`内線分析: ${CALLS.toLocaleString()} calls, ${USERS} users, ${RUNS} runs each (database time)`);
for (const [name, period] of Object.entries(periods)) {
  await service.analyse(tenant, period); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const result = await service.analyse(tenant, period);
    times.push(performance.now() - t0);
    if (result.rows.length < USERS) throw new Error('users missing from the analysis');
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(5)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p99 ${percentile(times, 0.99).toFixed(1)} ms`,
  );
}
await database.close();
