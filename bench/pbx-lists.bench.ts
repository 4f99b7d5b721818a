// Issue 3 benchmark: the PBX list endpoints on a large tenant (5,000 extensions, 300 ring groups with
// members, 200 IVR menus) on PostgreSQL. Target: p99 < 50 ms at 20 concurrent connections.
// Run: npx tsx bench/pbx-lists.bench.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server)
// The list answers are cached per tenant (invalidated by the database's change counter) and gzipped.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, freshDataDir, start, stop, waitForLogin } from './support';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'tsunagu_bench_pbx';
const EXTENSIONS = 5_000;
const RING_GROUPS = 300;
const MEMBERS_PER_GROUP = 5;
const IVR_MENUS = 200;

async function scratchDatabase(): Promise<string> {
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME}`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  return PG_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
}

/** Inserts rows in one statement per batch: `columns` names, `rows` values in that order. */
async function bulkInsert(db: pg.Client, table: string, columns: string[], rows: unknown[][]) {
  for (let start = 0; start < rows.length; start += 1_000) {
    const batch = rows.slice(start, start + 1_000);
    const values = batch.map(
      (row, r) => `(${row.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    );
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, batch.flat());
  }
}

/** Free four-digit numbers for the bulk extensions: around the demo's own numbers, the IVRs and park. */
function extensionNumbers(count: number): string[] {
  const numbers: string[] = [];
  for (let n = 1100; numbers.length < count; n++) {
    if (n === 2000 || (n >= 5000 && n <= 5999)) continue;
    numbers.push(String(n));
  }
  return numbers;
}

/**
 * Fills the demo tenant directly. The ring-group numbers run past the 300–399 rule on purpose: the
 * rules allow 100 groups per tenant, the benchmark wants a list three times that size.
 */
async function fill(dbUrl: string) {
  const db = new pg.Client(dbUrl);
  await db.connect();
  const { rows } = await db.query<{ domain_uuid: string; domain_name: string }>(
    "SELECT domain_uuid, domain_name FROM domains WHERE domain_name = 'demo.tsunagu.local'",
  );
  const { domain_uuid: tenant, domain_name: domainName } = rows[0] as {
    domain_uuid: string;
    domain_name: string;
  };
  const numbers = extensionNumbers(EXTENSIONS);
  await bulkInsert(
    db,
    'extensions',
    ['extension_uuid', 'domain_uuid', 'extension', 'password_enc', 'effective_caller_id_name'],
    numbers.map((n) => [randomUUID(), tenant, n, 'v1:bench:bench:bench', `ベンチ 内線${n}`]),
  );
  const groups = Array.from({ length: RING_GROUPS }, (_, i) => ({
    uuid: randomUUID(),
    number: String(302 + i),
  }));
  await bulkInsert(
    db,
    'ring_groups',
    ['ring_group_uuid', 'domain_uuid', 'ring_group_context', 'ring_group_name', 'ring_group_extension'],
    groups.map((g) => [g.uuid, tenant, domainName, `ベンチグループ${g.number}`, g.number]),
  );
  await bulkInsert(
    db,
    'ring_group_destinations',
    ['ring_group_uuid', 'domain_uuid', 'destination_number', 'destination_timeout', 'sort_order'],
    groups.flatMap((g, i) =>
      Array.from({ length: MEMBERS_PER_GROUP }, (_, m) => [
        g.uuid,
        tenant,
        numbers[(i * MEMBERS_PER_GROUP + m) % numbers.length],
        30,
        m,
      ]),
    ),
  );
  const menus = Array.from({ length: IVR_MENUS }, (_, i) => ({
    uuid: randomUUID(),
    number: String(5001 + i),
  }));
  await bulkInsert(
    db,
    'ivr_menus',
    ['ivr_menu_uuid', 'domain_uuid', 'ivr_menu_name', 'ivr_menu_extension', 'ivr_menu_greet_long'],
    menus.map((m) => [m.uuid, tenant, `ベンチIVR${m.number}`, m.number, 'welcome.wav']),
  );
  await bulkInsert(
    db,
    'ivr_menu_options',
    [
      'ivr_menu_option_uuid',
      'ivr_menu_uuid',
      'domain_uuid',
      'ivr_menu_option_digits',
      'ivr_menu_option_param',
      'sort_order',
    ],
    menus.flatMap((m) =>
      ['1', '2', '3'].map((digit, i) => [
        randomUUID(),
        m.uuid,
        tenant,
        digit,
        `lua nit_ivr_record.lua ${numbers[i]}`,
        i,
      ]),
    ),
  );
  await db.query('ANALYZE');
  await db.end();
  return tenant;
}

/** Requests carry what a browser sends: the session and Accept-Encoding (the lists are then sent gzipped). */
async function load(title: string, url: string, token: string) {
  const headers = { authorization: token, 'accept-encoding': 'gzip, deflate, br' };
  const result = await autocannon({ url, connections: 20, duration: 10, headers });
  const ok = result['2xx'];
  console.log(
    `${title.padEnd(12)} ${(ok / result.duration).toFixed(0).padStart(6)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
}

const dbUrl = await scratchDatabase();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = start('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  PORT: String(port),
  DATA_DIR: freshDataDir(),
  DATABASE_URL: dbUrl,
  LOGIN_LIMIT_PER_ADDRESS: '1000000',
  LOGIN_LIMIT_PER_USER: '1000000',
});
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const tenant = await fill(dbUrl);
  const token = await waitForLogin(base, 'admin', 'Admin#2026');
  const sizes = await Promise.all(
    ['extension', 'ringGroup', 'ivr', 'destination', 'common/initData'].map(async (path) => {
      // fetch decodes gzip itself: this is the JSON's own size.
      const res = await fetch(`${base}/api/v1/${path}/${tenant}`, { headers: { authorization: token } });
      return `${path} ${((await res.arrayBuffer()).byteLength / 1024).toFixed(0)} KB`;
    }),
  );
  console.log(
    `tenant: ${EXTENSIONS} extensions, ${RING_GROUPS} ring groups × ${MEMBERS_PER_GROUP} members, ${IVR_MENUS} IVR menus`,
  );
  console.log(`answer sizes: ${sizes.join(', ')}`);
  await load('extension', `${base}/api/v1/extension/${tenant}`, token);
  await load('ringGroup', `${base}/api/v1/ringGroup/${tenant}`, token);
  await load('ivr', `${base}/api/v1/ivr/${tenant}`, token);
  await load('destination', `${base}/api/v1/destination/${tenant}`, token);
  await load('initData', `${base}/api/v1/common/initData/${tenant}`, token);
} finally {
  await stop(child);
}
