// The tenant's call history as it grows (issue 16), on PostgreSQL: one tenant holding 10k, 100k and 1M
// calls, one every 31.5 s back from END (so 1M calls are a year; 10k are the last 3.6 days). p50/p99 of
// pages of the service (POST /v1/cdr/search's work: total, keyset page, names, recordings) for the last
// 30 days and for the whole year, in the start and talk-time orders: the first page, the last page (no
// anchor), a middle page from the previous page's anchor; a kind filter; a search by the incoming number
// (first page counts, later pages carry the count in the anchor). Against the statements a page ran
// before (count(*) over the period + OFFSET), on the same rows. Database time only, no HTTP.
//   quiet-run npx tsx bench/tenant-calls-paging.bench.ts      (TEST_DATABASE_URL as the tests use)
import { performance } from 'node:perf_hooks';
import { callSearchSchema, type CallItem, type Page } from '@tsunagu/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createCallHistoryService } from '../apps/server/src/features/call-history/call-history.service';
import { createSecretBox } from '../apps/server/src/platform/crypto/secrets';
import { openPostgres } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { domains } from '../apps/server/src/platform/db/schema';
import { DEMO_DOMAIN, seedDemo } from '../apps/server/src/platform/db/seed';
import { createRecordingStorage } from '../apps/server/src/platform/files/recording-storage';
import { freshDataDir, measure } from './support';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_tenant_calls';
const SIZES = (process.env.CALLS_BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.CALLS_BENCH_RUNS ?? 100);
const END = new Date('2026-11-26T00:00:00Z');
const LINE = '0312345678';
const SIZE = 50;

const admin = new pg.Client(SERVER_URL);
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.query(`CREATE DATABASE ${NAME}`);
const database = await openPostgres(SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${NAME}`));
await migrate(database);
await seedDemo(database.db, createSecretBox(Buffer.alloc(32, 3)), createRecordingStorage(freshDataDir()));
const db = database.db;
const [demo] = await db.select().from(domains).where(eq(domains.domainName, DEMO_DOMAIN));
const tenant = demo!.domainUuid;
const service = createCallHistoryService({ db, now: () => END });

/**
 * Grows the history to `to` calls, 100k a statement. Call g started g × 31.5 s before END: half inbound
 * on LINE from one of 5,000 numbers (a fifth of them missed), a third outbound, the rest internal.
 */
async function grow(from: number, to: number) {
  for (let start = from; start < to; start += 100_000) {
    const end = Math.min(to, start + 100_000);
    await database.runScript(`
      INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, end_stamp, outside_number,
          outside_key, incoming_number, ring_seconds, talk_seconds, result)
        SELECT gen_random_uuid(), '${tenant}', 'bench-' || g, k.kind,
          timestamptz '${END.toISOString()}' - g * interval '31.5 seconds',
          timestamptz '${END.toISOString()}' - g * interval '31.5 seconds' + interval '2 minutes',
          CASE WHEN k.kind <> 'internal' THEN '09' || lpad((g::bigint * 7919 % 5000)::text, 9, '0') END,
          CASE WHEN k.kind <> 'internal' THEN '09' || lpad((g::bigint * 7919 % 5000)::text, 9, '0') END,
          CASE WHEN k.kind = 'inbound' THEN '${LINE}' END,
          g % 40, CASE WHEN g % 5 = 0 THEN 0 ELSE g * 37 % 900 END,
          CASE WHEN g % 5 = 0 AND k.kind = 'inbound' THEN 'missed' WHEN g % 5 = 0 THEN 'failed'
               ELSE 'answered' END
        FROM generate_series(${start}, ${end - 1}) g,
          LATERAL (SELECT CASE WHEN g % 6 < 3 THEN 'inbound' WHEN g % 6 < 5 THEN 'outbound'
                               ELSE 'internal' END AS kind) k;
      `);
  }
  // As autovacuum would: index-only scans need the visibility map.
  for (const table of ['calls', 'call_days', 'call_hours'])
    await database.runScript(`VACUUM ANALYZE ${table}`);
}

const DAY = 86_400_000;
const periods = {
  '30 days': { from: new Date(END.getTime() - 30 * DAY).toISOString(), to: END.toISOString() },
  year: { from: new Date(END.getTime() - 365 * DAY).toISOString(), to: END.toISOString() },
};
const page = (body: Record<string, unknown>): Promise<Page<CallItem>> =>
  service.page(tenant, callSearchSchema.parse({ size: SIZE, ...body }));

/** The statements a page ran before 0036: count(*) over the period and the page by OFFSET. */
const oldPage = (period: { from: string; to: string }, offset: number) =>
  Promise.all([
    db.execute(sql`SELECT count(*)::int FROM calls WHERE domain_uuid = ${tenant}
      AND start_stamp >= ${period.from}::timestamptz AND start_stamp < ${period.to}::timestamptz`),
    db.execute(sql`SELECT * FROM calls WHERE domain_uuid = ${tenant}
      AND start_stamp >= ${period.from}::timestamptz AND start_stamp < ${period.to}::timestamptz
      ORDER BY start_stamp DESC, call_uuid DESC LIMIT ${SIZE} OFFSET ${offset}`),
  ]);

const started = performance.now();
let rows = 0;
for (const size of SIZES) {
  const built = performance.now();
  await grow(rows, size);
  rows = size;
  console.log(
    `\n${size.toLocaleString('en')} calls (built in ${((performance.now() - built) / 1000).toFixed(0)} s)`,
  );
  for (const [periodName, period] of Object.entries(periods)) {
    const first = await page({ ...period });
    const total = first.totalElements;
    const lastPage = Math.max(0, Math.ceil(total / SIZE) - 1);
    const middle = Math.floor(lastPage / 2);
    console.log(`  ${periodName}: ${total.toLocaleString('en')} calls, ${lastPage + 1} pages`);
    const line = async (name: string, fn: () => Promise<unknown>, runs = RUNS) =>
      console.log(`    ${name.padEnd(44)} ${await measure(runs, fn)}`);
    for (const sort of ['startStamp,desc', 'talkSeconds,desc']) {
      await line(`${sort} first page`, () => page({ ...period, sort }));
      await line(`${sort} last page (no anchor)`, () => page({ ...period, sort, page: lastPage }));
      const held = await page({ ...period, sort, page: middle - 1 });
      await line(`${sort} middle page from the anchor`, () =>
        page({ ...period, sort, page: middle, anchor: held.anchor }),
      );
    }
    await line('missed incoming, first page', () => page({ ...period, missed: 'true' }));
    await line(`search ${LINE}, first page (counts)`, () => page({ ...period, number: LINE }), 10);
    const search = await page({ ...period, number: LINE, page: 4 });
    await line(`search ${LINE}, page 6 from page 5's anchor`, () =>
      page({ ...period, number: LINE, page: 5, anchor: search.anchor }),
    );
    const oldRuns = size >= 1_000_000 ? 5 : size >= 100_000 ? 10 : 30;
    await line('before: count(*) + OFFSET, middle page', () => oldPage(period, middle * SIZE), oldRuns);
  }
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
await database.close();
await admin.query(`DROP DATABASE ${NAME}`);
await admin.end();
