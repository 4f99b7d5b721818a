// The large tenant the PBX benchmarks share: the demo tenant plus 5,000 extensions, 300 ring groups with
// members and 200 IVR menus, written straight into a scratch PostgreSQL database.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const EXTENSIONS = 5_000;
export const RING_GROUPS = 300;
export const MEMBERS_PER_GROUP = 5;
export const IVR_MENUS = 200;

/** A fresh, empty database named `name` on the benchmark's PostgreSQL server; returns its URL. */
export async function scratchDatabase(name: string): Promise<string> {
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return PG_URL.replace(/\/[^/]*$/, `/${name}`);
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
export async function fillLargeTenant(dbUrl: string): Promise<{ tenant: string; extensions: number }> {
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
  const { rows: count } = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM extensions WHERE domain_uuid = $1',
    [tenant],
  );
  await db.end();
  return { tenant, extensions: Number(count[0]?.n) };
}
