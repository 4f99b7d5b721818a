// The tenant's call history (issue 19: POST /v1/cdr/search, 30-day period, any filter, p99 < 200 ms) on
// PostgreSQL: one tenant with CALL_BENCH_SIZE calls (default 1,000,000) spread over a year; p50/p99 of a
// page of the service's search (rows + total) for a 30-day period, unfiltered and with each filter, the
// first page and a deep one, and sorted by talk time. Database time through the service, no HTTP.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/call-search.bench.ts
//   CALL_BENCH_SIZE=20000 … for a quick run that proves it works (figures need a quiet machine).
import { performance } from 'node:perf_hooks';
import { callSearchSchema } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createCallHistoryService } from '../apps/server/src/features/call-history/call-history.service';
import { createSecretBox } from '../apps/server/src/platform/crypto/secrets';
import { openPostgres } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { domains, extensions, users } from '../apps/server/src/platform/db/schema';
import { DEMO_DOMAIN, seedDemo } from '../apps/server/src/platform/db/seed';
import { createRecordingStorage } from '../apps/server/src/platform/files/recording-storage';
import { freshDataDir } from './support';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_call_search';
const SIZE = Number(process.env.CALL_BENCH_SIZE ?? 1_000_000);
const RUNS = Number(process.env.CALL_BENCH_RUNS ?? 100);
const YEAR_MINUTES = 365 * 24 * 60;
/** The calls end here; the searched month is the last 30 days before it. */
const NOW = new Date('2026-11-26T00:00:00Z');

const admin = new pg.Client(SERVER_URL);
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.query(`CREATE DATABASE ${NAME}`);
const url = SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${NAME}`);
const database = await openPostgres(url);
await migrate(database);
await seedDemo(database.db, createSecretBox(Buffer.alloc(32, 3)), createRecordingStorage(freshDataDir()));
const db = database.db;
const [demo] = await db.select().from(domains).where(eq(domains.domainName, DEMO_DOMAIN));
const tenant = demo!.domainUuid;
const [yamada] = await db.select().from(users).where(eq(users.username, 'yamada'));
const [ext1001] = await db
  .select()
  .from(extensions)
  .where(eq(extensions.extensionUuid, yamada!.extensionUuid!));

/**
 * SIZE calls evenly over the year before NOW, 100k a statement: half inbound from one of 50,000 outside
 * numbers (a fifth of those missed), a third outbound, the rest internal; every third answered by 1001.
 */
for (let start = 0; start < SIZE; start += 100_000) {
  const end = Math.min(SIZE, start + 100_000);
  await database.runScript(`
    INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, answer_stamp, end_stamp,
        outside_number, outside_key, incoming_number, agent_extension, agent_extension_uuid, agent_user_uuid,
        ring_seconds, talk_seconds, result)
      SELECT gen_random_uuid(), '${tenant}', 'bench-' || g, k.kind,
        t.s, CASE WHEN r.result = 'answered' THEN t.s + interval '8 seconds' END, t.s + interval '3 minutes',
        CASE WHEN k.kind <> 'internal' THEN n.num END, CASE WHEN k.kind <> 'internal' THEN n.num END,
        CASE WHEN k.kind = 'inbound' THEN '0312345678' END,
        CASE WHEN g % 3 = 0 THEN '1001' ELSE '1002' END,
        CASE WHEN g % 3 = 0 THEN '${ext1001!.extensionUuid}'::uuid END,
        CASE WHEN g % 3 = 0 THEN '${yamada!.userUuid}'::uuid END,
        8, CASE WHEN r.result = 'answered' THEN 30 + g % 600 ELSE 0 END, r.result
      FROM generate_series(${start}, ${end - 1}) g,
        LATERAL (SELECT timestamptz '${NOW.toISOString()}' - (${YEAR_MINUTES}::float * (g + 1) / ${SIZE}) * interval '1 minute' AS s) t,
        LATERAL (SELECT CASE WHEN g % 6 < 3 THEN 'inbound' WHEN g % 6 < 5 THEN 'outbound' ELSE 'internal' END AS kind) k,
        LATERAL (SELECT CASE WHEN k.kind = 'inbound' AND g % 5 = 0 THEN 'missed' ELSE 'answered' END AS result) r,
        LATERAL (SELECT '0' || (300000000 + (g::bigint * 7919) % 50000)::text AS num) n;
  `);
}
// As autovacuum would: index-only scans need the visibility map.
await database.runScript('VACUUM ANALYZE calls');

const service = createCallHistoryService({ db, now: () => NOW });
const month = { from: new Date(NOW.getTime() - 30 * 86_400_000).toISOString(), to: NOW.toISOString() };
const search = (filters: Record<string, unknown>) => {
  const query = callSearchSchema.parse({ size: 50, ...month, ...filters });
  return () => service.page(tenant, query);
};

/** p50/p99 (ms) of `runs` sequential calls after warm-ups. */
async function measure(runs: number, fn: () => Promise<unknown>, warmUps = 3) {
  for (let i = 0; i < warmUps; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms (${runs} runs)`;
}

const cases: [string, Record<string, unknown>][] = [
  ['30 days, no filter, first page', {}],
  ['30 days, no filter, page 40', { page: 40 }],
  ['30 days, inbound', { kind: 'inbound' }],
  ['30 days, missed', { missed: 'true' }],
  ['30 days, answered by yamada', { userUuid: yamada!.userUuid }],
  ['30 days, extension 1002', { extension: '1002' }],
  ['30 days, one number', { number: '0300007919' }],
  ['30 days, longest talk first', { sort: 'talkSeconds,desc' }],
];
const started = performance.now();
const sample = await search({})();
console.log(
  `${SIZE.toLocaleString('en')} calls over a year; ${sample.totalElements.toLocaleString('en')} in the month`,
);
for (const [name, filters] of cases)
  console.log(`  ${name.padEnd(34)} ${await measure(RUNS, search(filters))}`);
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s measuring`);
await database.close();
await admin.query(`DROP DATABASE ${NAME}`);
await admin.end();
