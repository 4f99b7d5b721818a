// Customers at scale (issue 19), on PostgreSQL: one tenant with 100,000 customers (1.5 numbers each) and
// 1,000,000 calls. p50/p99 of
//   - number → customer (the incoming pop-up's read: customerOfNumber, one index read; target p99 < 5 ms),
//   - the record with its timeline (customers.byNumber: customer, notes, calls, recall items; p99 < 50 ms),
//   - a page of the customer list (五十音順, and searched by a number's digits),
// and the time of importing 100,000 CSV rows in one transaction (< 30 s). Database time only (service
// calls over one pool, no HTTP). Figures belong in BENCHMARKS.md only when taken on a quiet machine.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/customer-lookup.bench.ts
// Smaller runs: CUSTOMERS=2000 CALLS=20000 IMPORT_ROWS=2000 npx tsx bench/customer-lookup.bench.ts
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/platform/db/client';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { customerOfNumber } from '../apps/server/src/platform/crm/customer-names';
import { createCustomersService } from '../apps/server/src/features/customers/customers.service';
import { createImportService } from '../apps/server/src/features/customers/import/import.service';
import { domains, users } from '../apps/server/src/platform/db/schema';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'bench_customers';
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 100_000);
const CALLS = Number(process.env.CALLS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const SAMPLES = Number(process.env.SAMPLES ?? 2_000);

const admin = new pg.Client(SERVER_URL);
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.query(`CREATE DATABASE ${NAME}`);
const database = await openPostgres(SERVER_URL.replace(/\/[^/?]*(\?.*)?$/, `/${NAME}`));
await migrate(database);
const db = database.db;
const tenant = randomUUID();
const userUuid = randomUUID();
await db.insert(domains).values({ domainUuid: tenant, domainName: 'bench.customers.local' });
await db
  .insert(users)
  .values({ userUuid, domainUuid: tenant, username: 'bench', passwordHash: 'x', userClass: 'CP' });

/** The n-th customer's numbers: a Tokyo landline for each, a mobile for every other one. */
const landline = (n: number) => `03${String(10_000_000 + n).slice(-8)}`;
const mobile = (n: number) => `090${String(10_000_000 + n).slice(-8)}`;

console.log(`seeding ${CUSTOMERS.toLocaleString()} customers and ${CALLS.toLocaleString()} calls…`);
await database.runScript(`
  INSERT INTO customers (customer_uuid, domain_uuid, company, company_kana, sort_key, search_text)
    SELECT md5('c' || g)::uuid, '${tenant}', '株式会社' || g, 'カブシキガイシャ' || g, 'かぶしきがいしゃ' || g,
      '株式会社' || g || chr(10) || 'かぶしきがいしゃ' || g
    FROM generate_series(0, ${CUSTOMERS - 1}) g;
  INSERT INTO customer_numbers (customer_uuid, position, domain_uuid, label, number_key)
    SELECT md5('c' || g)::uuid, 0, '${tenant}', '代表', '03' || right((10000000 + g)::text, 8)
    FROM generate_series(0, ${CUSTOMERS - 1}) g;
  INSERT INTO customer_numbers (customer_uuid, position, domain_uuid, label, number_key)
    SELECT md5('c' || g)::uuid, 1, '${tenant}', '携帯', '090' || right((10000000 + g)::text, 8)
    FROM generate_series(0, ${CUSTOMERS - 1}, 2) g;
`);
for (let start = 0; start < CALLS; start += 200_000) {
  const end = Math.min(CALLS, start + 200_000);
  // Calls spread over the customers' landlines, one a minute; every fourth missed with a recall item.
  await database.runScript(`
    INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, answer_stamp, end_stamp,
        outside_number, outside_key, ring_seconds, talk_seconds, result)
      SELECT md5('k' || g)::uuid, '${tenant}', 'bench-' || g, 'inbound',
        timestamptz '2024-01-01' + g * interval '1 minute',
        CASE WHEN g % 4 = 0 THEN NULL ELSE timestamptz '2024-01-01' + g * interval '1 minute' + interval '10 s' END,
        timestamptz '2024-01-01' + g * interval '1 minute' + interval '70 s',
        '03' || right((10000000 + (g * 7919) % ${CUSTOMERS})::text, 8),
        '03' || right((10000000 + (g * 7919) % ${CUSTOMERS})::text, 8),
        10, CASE WHEN g % 4 = 0 THEN 0 ELSE 60 END,
        CASE WHEN g % 4 = 0 THEN 'missed' ELSE 'answered' END
      FROM generate_series(${start}, ${end - 1}) g;
    INSERT INTO recall_items (recall_uuid, domain_uuid, number, number_key, call_uuid, created_at)
      SELECT gen_random_uuid(), '${tenant}', c.outside_number, c.outside_key, c.call_uuid, c.start_stamp
      FROM calls c WHERE c.domain_uuid = '${tenant}' AND c.result = 'missed' AND c.call_id IN
        (SELECT 'bench-' || g FROM generate_series(${start}, ${end - 1}) g WHERE g % 4 = 0);
  `);
}
for (const table of ['customers', 'customer_numbers', 'calls', 'recall_items'])
  await database.runScript(`VACUUM ANALYZE ${table}`);

async function measure(label: string, run: (i: number) => Promise<unknown>, samples = SAMPLES) {
  for (let i = 0; i < 50; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (${samples} samples)`);
}

const pick = (i: number) => (i * 104_729) % CUSTOMERS;
const customersService = createCustomersService({ db });
await measure('number → customer (pop-up)', async (i) => {
  if (!(await customerOfNumber(db, tenant, i % 3 ? landline(pick(i)) : mobile(pick(i) & ~1))))
    throw new Error('not found');
});
await measure(
  'record with timeline',
  (i) => customersService.byNumber(tenant, landline(pick(i))),
  Math.min(SAMPLES, 500),
);
await measure(
  'list page (五十音順, page 10)',
  () => customersService.page(tenant, { page: 10, size: 20, sort: { field: 'kana', direction: 'asc' } }),
  Math.min(SAMPLES, 200),
);
await measure(
  'list search by digits',
  (i) =>
    customersService.page(tenant, {
      page: 0,
      size: 20,
      sort: { field: 'kana', direction: 'asc' },
      q: landline(pick(i)).slice(-6),
    }),
  Math.min(SAMPLES, 100),
);

// 100,000 rows of a CSV with Japanese headers, every number new.
const lines = ['会社名,フリガナ,電話番号,携帯'];
for (let n = 0; n < IMPORT_ROWS; n++) {
  lines.push(
    `インポート商事${n},インポートショウジ,06${String(10_000_000 + n).slice(-8)},080${String(10_000_000 + n).slice(-8)}`,
  );
}
const auth = {
  sessionUuid: randomUUID(),
  userUuid,
  username: 'bench',
  userClass: 'CP',
  menu: '[]',
  domainUuid: tenant,
  domainName: 'bench.customers.local',
};
const started = performance.now();
const result = await createImportService({ db }).commit(
  { auth, ip: '127.0.0.1' },
  { file: Buffer.from(lines.join('\r\n')), options: { domainUuid: tenant, policy: 'skip' } },
);
console.log(
  `import of ${IMPORT_ROWS.toLocaleString()} rows: ${((performance.now() - started) / 1000).toFixed(1)} s (${result.counts.new} new, ${result.counts.refused} refused)`,
);

await database.close();
await admin.query(`DROP DATABASE IF EXISTS ${NAME}`);
await admin.end();
