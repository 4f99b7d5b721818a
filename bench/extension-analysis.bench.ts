// 内線分析 (issue 21, 4200) on PostgreSQL: one tenant with 200 users and EXT_BENCH_CALLS calls (default
// 1,000,000) spread over a year, a fifth of the incoming ones missed after ringing two extensions;
// p50/p99 of POST /v1/analysis/extension's database work (the service: this period and the one before)
// over a month and over a year. The target is p99 < 300 ms. Take figures on a quiet machine.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/extension-analysis.bench.ts
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
import { freshDataDir } from './support';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_extension_analysis';
const CALLS = Number(process.env.EXT_BENCH_CALLS ?? 1_000_000);
const USERS = 200;
const RUNS = Number(process.env.EXT_BENCH_RUNS ?? 20);

const admin = new pg.Client(SERVER_URL);
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.query(`CREATE DATABASE ${NAME}`);
const database = await openPostgres(SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${NAME}`));
await migrate(database);
await seedDemo(database.db, createSecretBox(Buffer.alloc(32, 3)), createRecordingStorage(freshDataDir()));
const [demo] = await database.db.select().from(domains).where(eq(domains.domainName, DEMO_DOMAIN));
const tenant = demo!.domainUuid;

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
const step = (365 * 86_400) / CALLS;
for (let from = 0; from < CALLS; from += 100_000) {
  const to = Math.min(CALLS, from + 100_000) - 1;
  await database.runScript(`
    INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, end_stamp, agent_user_uuid,
        ring_seconds, talk_seconds, result, outside_key)
      SELECT gen_random_uuid(), '${tenant}', 'bench-' || g,
        CASE WHEN g % 5 < 3 THEN 'inbound' WHEN g % 5 = 3 THEN 'outbound' ELSE 'internal' END,
        to_timestamp(${start / 1000} + g * ${step}), to_timestamp(${start / 1000} + g * ${step} + 120),
        CASE WHEN g % 15 = 0 THEN NULL ELSE (SELECT user_uuid FROM bench_users WHERE n = g % ${USERS}) END,
        10, CASE WHEN g % 15 = 0 THEN 0 ELSE 90 END,
        CASE WHEN g % 15 = 0 THEN 'missed' ELSE 'answered' END,
        '03' || lpad((g % 50000)::text, 8, '0')
      FROM generate_series(${from}, ${to}) g;
    INSERT INTO cdrs (cdr_uuid, domain_uuid, call_uuid, call_id, extension_uuid, direction, start_stamp, originating)
      SELECT gen_random_uuid(), '${tenant}', 'bench-leg-' || g || '-' || k, 'bench-' || g,
        (SELECT extension_uuid FROM bench_users WHERE n = (g + k) % ${USERS}), 'local',
        to_timestamp(${start / 1000} + g * ${step}), false
      FROM generate_series(${from}, ${to}) g CROSS JOIN (VALUES (0), (1)) AS legs(k) WHERE g % 15 = 0;
  `);
}
for (const table of ['calls', 'cdrs', 'users']) await database.runScript(`VACUUM ANALYZE ${table}`);

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
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.end();
