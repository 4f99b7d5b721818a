// Own call history as a history grows (issue 16), on PostgreSQL: one extension holding 10k, 100k and 1M
// call records; p50/p99 of the first, a middle and the last page. Each is measured on the statements a
// request runs today (pageOfExtension: the total kept by triggers, index-only pages from the nearer end or
// by keyset from the anchor of the page the client holds) and on the statements it ran before (count(*)
// over the history plus OFFSET), against the same rows. Database time only, through Drizzle on one pool:
// no HTTP, no session checks. (Its recall-count part went with migration 0016: the badge counts open
// recall items; bench/call-search.bench.ts measures the call model.)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/cdr-history.bench.ts
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createSecretBox } from '../apps/server/src/platform/crypto/secrets';
import { openPostgres } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { domains, extensions } from '../apps/server/src/platform/db/schema';
import { DEMO_DOMAIN, seedDemo } from '../apps/server/src/platform/db/seed';
import { createRecordingStorage } from '../apps/server/src/platform/files/recording-storage';
import { pageOfExtension } from '../apps/server/src/features/cdr/cdr.repository';
import { freshDataDir, measure } from './support';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_cdr_history';
const SIZES = [10_000, 100_000, 1_000_000];
const PAGE = 10;
/** CDR_BENCH_NOW_ONLY=1 skips the old statements. */
const BEFORE = process.env.CDR_BENCH_NOW_ONLY !== '1';

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
const [ext] = await db
  .select()
  .from(extensions)
  .where(and(eq(extensions.domainUuid, demo!.domainUuid), eq(extensions.extension, '1001')));
const tenant = demo!.domainUuid;
const extension = ext!.extensionUuid;
/** The extension as its page reads see it: its id and its number. */
const own = { uuid: extension, number: '1001' };

/**
 * Grows the extension's history to `to` rows, 100k a statement (the triggers see each batch at once).
 * Call g: one a minute; a third inbound from one of 5,000 outside numbers (every other one missed), a
 * third outbound to one of them, a third internal.
 */
async function grow(from: number, to: number) {
  for (let start = from; start < to; start += 100_000) {
    const end = Math.min(to, start + 100_000);
    await database.runScript(`
      INSERT INTO cdrs (cdr_uuid, domain_uuid, call_uuid, extension_uuid, direction, caller_id_number,
          destination_number, start_stamp, billsec)
        SELECT gen_random_uuid(), '${tenant}', 'bench-' || g, '${extension}',
          (ARRAY['inbound', 'outbound', 'local'])[g % 3 + 1],
          CASE g % 3 WHEN 0 THEN '03' || lpad((g::bigint * 7919 % 5000)::text, 8, '0') ELSE '1001' END,
          CASE g % 3 WHEN 1 THEN '03' || lpad((g::bigint * 104729 % 5000)::text, 8, '0') WHEN 2 THEN '1002' ELSE '1001' END,
          timestamptz '2020-01-01' + g * interval '1 minute',
          CASE WHEN g % 6 = 0 THEN 0 ELSE 30 END
        FROM generate_series(${start}, ${end - 1}) g;
      `);
  }
  // As autovacuum would: index-only scans need the visibility map (one statement each: not in a transaction).
  for (const table of ['cdrs', 'cdr_counts']) await database.runScript(`VACUUM ANALYZE ${table}`);
}

/** The statements a history page ran before the counters (migrations/0003 + the old repository). */
async function oldPage(offset: number) {
  await Promise.all([
    db.execute(sql`SELECT * FROM cdrs WHERE domain_uuid = ${tenant} AND extension_uuid = ${extension}
      ORDER BY start_stamp DESC LIMIT ${PAGE} OFFSET ${offset}`),
    db.execute(
      sql`SELECT count(*)::int FROM cdrs WHERE domain_uuid = ${tenant} AND extension_uuid = ${extension}`,
    ),
  ]);
}

const started = performance.now();
let rows = 0;
for (const size of SIZES) {
  await grow(rows, size);
  rows = size;
  const pages = {
    first: 0,
    middle: Math.floor(size / 2 / PAGE) * PAGE,
    last: Math.floor((size - 1) / PAGE) * PAGE,
  };
  console.log(`\n${size.toLocaleString('en')} calls on one extension`);
  for (const [name, offset] of Object.entries(pages)) {
    const page = offset / PAGE;
    const now = await measure(200, () =>
      pageOfExtension(db, tenant, own, { page, size: PAGE, newestFirst: true, anchor: null }),
    );
    const before = BEFORE
      ? await measure(size >= 1_000_000 ? 3 : size >= 100_000 ? 10 : 30, () => oldPage(offset), 1)
      : 'skipped';
    console.log(`  ${name.padEnd(6)} page  now: ${now}   before: ${before}`);
    if (name !== 'middle') continue;
    // The pager's way: the page after the one the client holds, read by keyset from its anchor.
    const held = await pageOfExtension(db, tenant, own, {
      page: page - 1,
      size: PAGE,
      newestFirst: true,
      anchor: null,
    });
    const anchor = {
      page: page - 1,
      firstId: held.rows[0]!.cdr.cdrUuid,
      lastId: held.rows.at(-1)!.cdr.cdrUuid,
    };
    const keyset = await measure(200, () =>
      pageOfExtension(db, tenant, own, { page, size: PAGE, newestFirst: true, anchor }),
    );
    console.log(`  middle page from the previous page's anchor  now: ${keyset}`);
  }
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
await database.close();
await admin.query(`DROP DATABASE ${NAME}`);
await admin.end();
