// Issue 16 benchmark: the provider's tenant list (テナント管理, `GET /v1/domain/list`) with a search term,
// as the number of tenants grows. On PostgreSQL, the demo data plus BENCH_TENANTS tenants (default 1,000,
// 10,000 and 100,000), each in a schema of its own (kept and reused),
// named `tenant-{n}.example.jp` with a description `株式会社サンプル{n}` (a tenth `…物産`). Database time of
// what one request runs (the service's `list`: the total and the keyset page, no HTTP), 20 a page, in
// the default order (domain name) and by creation, for a search matching one tenant, a tenth of them, and
// all of them; first page, and the next page from the first page's anchor; p50 / p99 over BENCH_RUNS
// (default 100) runs, one after another, and the total's statement alone (a search counts its matches). Figures count only on a quiet machine:
//   quiet-run npx tsx bench/tenant-list-search.bench.ts
import { loadavg } from 'node:os';
import { tenantTotal } from '../apps/server/src/features/tenants/tenants.repository';
import { createTenantsService } from '../apps/server/src/features/tenants/tenants.service';
import { tenantQuerySchema } from '../packages/contract/src/tenant-admin';
import { openBenchSchema, quantile, step } from './support';

const SCALES = (process.env.BENCH_TENANTS ?? '1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

async function timed(run: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return `${quantile(samples, 0.5).toFixed(2)} / ${quantile(samples, 0.99).toFixed(2)}`;
}

const rows: string[][] = [];
for (const tenants of SCALES) {
  const schema = await openBenchSchema({
    schema: `bench_tenant_search_${tenants}`,
    sizes: `${tenants}/tenant-search-v1`,
    describe: `${tenants.toLocaleString()} tenants`,
    fill: async (db) => {
      await step(`${tenants} tenants`, () =>
        db.query(
          `INSERT INTO domains (domain_uuid, domain_name, domain_description, created_at)
           SELECT gen_random_uuid(), 'tenant-' || g || '.example.jp',
                  '株式会社サンプル' || g || CASE WHEN g % 10 = 0 THEN '物産' ELSE '' END,
                  timestamptz '2026-01-01' + g * interval '1 minute'
             FROM generate_series(1, $1::int) g`,
          [tenants],
        ),
      );
      await db.query('ANALYZE domains');
    },
  });
  // The service as the route builds it; list() touches only the database.
  const service = createTenantsService({ db: schema.database.db } as Parameters<
    typeof createTenantsService
  >[0]);
  const one = `tenant-${Math.floor(tenants / 2)}.example.jp`;
  const searches: [string, string | undefined][] = [
    ['no search (kept count)', undefined],
    ['one tenant', one],
    ['a tenth (物産)', '物産'],
    ['all (サンプル)', 'サンプル'],
  ];
  for (const sort of ['domainName,asc', 'createdAt,desc']) {
    for (const [name, q] of searches) {
      const query = (extra: Record<string, unknown> = {}) =>
        tenantQuerySchema.parse({ size: 20, sort, ...(q ? { q } : {}), ...extra });
      const first = await service.list(query());
      const next = query({ page: 1, anchor: first.anchor });
      const cells = [
        `${tenants.toLocaleString()}`,
        sort,
        name,
        first.totalElements.toLocaleString(),
        await timed(() => service.list(query())),
        first.totalElements > 20 ? await timed(() => service.list(next)) : '—',
        await timed(() => tenantTotal(schema.database.db, { q, state: 'active' })),
      ];
      rows.push(cells);
      console.log(cells.join(' | '));
    }
  }
  await schema.database.close();
}
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '\ntenants | order | search | matches | first page p50 / p99 ms | page 2 from the anchor | the count alone',
);
for (const r of rows) console.log(r.join(' | '));
