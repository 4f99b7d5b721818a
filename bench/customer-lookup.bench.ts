// Customers at scale (issue 19), on PostgreSQL, in the tenant of customer-tenant.ts (100,000 customers with
// 1.5 numbers each, 1,000,000 calls over a year, their recall items and notes; built once, reused). p50/p99 of
//   - number → customer (the incoming pop-up's read: customerOfNumber, one index read; target p99 < 5 ms),
//   - the record with its timeline (customers.byNumber: customer, notes, calls, recall items; p99 < 50 ms),
//     one sample in twenty a big client (≈ 25,000 calls each), the others any customer,
//   - a page of the customer list (五十音順: page 10, a deep page by anchor, the last and the middle page
//     without one; and searched by a number's digits),
// and the time of importing 100,000 CSV rows in one transaction (< 30 s); the imported customers are
// deleted afterwards, so the tenant stays as built. Database time only (service calls over one pool, no HTTP).
//   nice -n 10 npx tsx bench/customer-tenant.ts          (once: builds the tenant, minutes)
//   quiet-run npx tsx bench/customer-lookup.bench.ts
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { customerOfNumber } from '../apps/server/src/platform/crm/customer-names';
import { createCustomersService } from '../apps/server/src/features/customers/customers.service';
import { createImportService } from '../apps/server/src/features/customers/import/import.service';
import { BIG_CLIENTS, CUSTOMERS, customerTenant, landline, mobile } from './customer-tenant';
import { quantile } from './support';

const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const SAMPLES = Number(process.env.SAMPLES ?? 2_000);

const t = await customerTenant();
const db = t.database.db;
const tenant = t.tenant;

async function measure(label: string, run: (i: number) => Promise<unknown>, samples = SAMPLES) {
  for (let i = 0; i < 50; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => quantile(times, q).toFixed(2);
  console.log(`${label}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${samples} samples)`);
}

const pick = (i: number) => (i * 104_729) % CUSTOMERS;
const customersService = createCustomersService({ db });
await measure('number → customer (pop-up)', async (i) => {
  if (!(await customerOfNumber(db, tenant, i % 3 ? landline(pick(i)) : mobile(pick(i) & ~1))))
    throw new Error('not found');
});
await measure(
  'record with timeline',
  async (i) => {
    const n = i % 20 === 0 ? (i / 20) % BIG_CLIENTS : pick(i);
    const record = await customersService.byNumber(tenant, landline(n));
    if (!record.customer) throw new Error('not found');
  },
  Math.min(SAMPLES, 1_000),
);
await measure(
  'record of a big client (≈ 25,000 calls)',
  (i) => customersService.byNumber(tenant, landline(i % BIG_CLIENTS)),
  Math.min(SAMPLES, 200),
);
await measure(
  'list page (五十音順, page 10)',
  () => customersService.page(tenant, { page: 10, size: 20, sort: { field: 'kana', direction: 'asc' } }),
  Math.min(SAMPLES, 200),
);
// Deep pages (issue 16: a page costs the same at any depth). The list pages by keyset: stepping on from a
// page the client holds sends its anchor; a jump with no anchor near reads from the nearer end, so the
// middle page is the worst a pager can ask for.
const kana = { field: 'kana', direction: 'asc' } as const;
const lastPage = Math.ceil(CUSTOMERS / 20) - 1;
const middle = Math.floor(lastPage / 2);
const held = await customersService.page(tenant, { page: middle - 1, size: 20, sort: kana });
await measure(
  `list page ${middle} of ${lastPage + 1}, the previous page's anchor sent`,
  () => customersService.page(tenant, { page: middle, size: 20, sort: kana, anchor: held.anchor }),
  Math.min(SAMPLES, 200),
);
await measure(
  `list page ${lastPage} (the last), no anchor`,
  () => customersService.page(tenant, { page: lastPage, size: 20, sort: kana }),
  Math.min(SAMPLES, 200),
);
await measure(
  `list page ${middle} (the middle), no anchor: the worst jump`,
  () => customersService.page(tenant, { page: middle, size: 20, sort: kana }),
  Math.min(SAMPLES, 100),
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
await measure(
  'list search by furigana',
  (i) =>
    customersService.page(tenant, {
      page: 0,
      size: 20,
      sort: { field: 'kana', direction: 'asc' },
      q: `しょうじ${pick(i)}`,
    }),
  Math.min(SAMPLES, 100),
);

// IMPORT_ROWS rows of a CSV with Japanese headers, every number new (045 and 080: none of the tenant's).
const lines = ['会社名,フリガナ,電話番号,携帯'];
for (let n = 0; n < IMPORT_ROWS; n++) {
  lines.push(
    `インポート商事${n},インポートショウジ,045${String(10_000_000 + n).slice(-7)},080${String(10_000_000 + n).slice(-8)}`,
  );
}
const auth = {
  sessionUuid: randomUUID(),
  userUuid: t.yamada.userUuid,
  username: 'admin',
  userClass: 'CP',
  menu: '[]',
  domainUuid: tenant,
  domainName: 'demo.tsunagu.local',
};
const started = performance.now();
const result = await createImportService({ db }).commit(
  { auth, ip: '127.0.0.1' },
  { file: Buffer.from(lines.join('\r\n')), options: { domainUuid: tenant, policy: 'skip' } },
);
console.log(
  `import of ${IMPORT_ROWS.toLocaleString()} rows: ${((performance.now() - started) / 1000).toFixed(1)} s (${result.counts.new} new, ${result.counts.refused} refused)`,
);

// Back to the tenant as built.
await db.execute(sql`DELETE FROM customers WHERE domain_uuid = ${tenant} AND company LIKE 'インポート商事%'`);
await t.database.runScript('VACUUM ANALYZE customers, customer_numbers');
await t.database.close();
