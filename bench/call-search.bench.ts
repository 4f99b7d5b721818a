// The tenant's call history (issue 19: POST /v1/cdr/search, 30-day period, any filter, p99 < 200 ms) on
// PostgreSQL, in the tenant of customer-tenant.ts (1,000,000 calls over a year, 100,000 customers; built
// once, reused): p50/p99 of a page of the service's search (rows with their customer names + total) for
// the last 30 days, unfiltered and with each filter, the first page and a deep one, and sorted by talk
// time. Database time through the service, no HTTP.
//   nice -n 10 npx tsx bench/customer-tenant.ts          (once: builds the tenant, minutes)
//   quiet-run npx tsx bench/call-search.bench.ts         (CALL_BENCH_RUNS, default 100)
import { performance } from 'node:perf_hooks';
import { callSearchSchema } from '@tsunagu/contract';
import { createCallHistoryService } from '../apps/server/src/features/call-history/call-history.service';
import { CALLS, END, customerTenant, landline } from './customer-tenant';
import { measure } from './support';

const RUNS = Number(process.env.CALL_BENCH_RUNS ?? 100);

const t = await customerTenant();
const service = createCallHistoryService({ db: t.database.db, now: () => END });
const month = { from: new Date(END.getTime() - 30 * 86_400_000).toISOString(), to: END.toISOString() };
const search = (filters: Record<string, unknown>) => {
  const query = callSearchSchema.parse({ size: 50, ...month, ...filters });
  return () => service.page(t.tenant, query);
};

const cases: [string, Record<string, unknown>][] = [
  ['30 days, no filter, first page', {}],
  ['30 days, no filter, page 40', { page: 40 }],
  ['30 days, inbound', { kind: 'inbound' }],
  ['30 days, outbound', { kind: 'outbound' }],
  ['30 days, missed', { missed: 'true' }],
  ['30 days, result missed', { result: 'missed' }],
  ['30 days, answered by yamada', { userUuid: t.yamada.userUuid }],
  ['30 days, extension 1002', { extension: '1002' }],
  ['30 days, a big client’s number', { number: landline(3) }],
  ['30 days, any customer’s number', { number: landline(12_345) }],
  ['30 days, an incoming number', { number: '03-1234-5678' }],
  ['30 days, missed by yamada, page 5', { missed: 'true', userUuid: t.yamada.userUuid, page: 5 }],
  ['30 days, longest talk first', { sort: 'talkSeconds,desc' }],
  ['30 days, longest ring, inbound', { sort: 'ringSeconds,desc', kind: 'inbound' }],
];
const started = performance.now();
const sample = await search({})();
console.log(
  `${CALLS.toLocaleString('en')} calls over a year; ${sample.totalElements.toLocaleString('en')} in the month`,
);
for (const [name, filters] of cases)
  console.log(`  ${name.padEnd(36)} ${await measure(RUNS, search(filters), 3)}`);
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s measuring`);
await t.database.close();
