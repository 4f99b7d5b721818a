// The customer benchmarks' tenant (issue 19): the demo tenant of a seeded database plus 100,000 customers
// (1.5 numbers each), 1,000,000 calls over a year, their recall items and call notes, in a schema of its own
// of the `test` database (BENCH_PG_URL). Built once, outside quiet-run and niced; the benches reuse it:
//   nice -n 10 npx tsx bench/customer-tenant.ts        builds (or brings a build up to date: migrations)
//   BENCH_CUSTOMERS=… BENCH_CALLS=… for a smaller build (the benches then measure that size)
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../apps/server/src/platform/db/client';
import { users } from '../apps/server/src/platform/db/schema';
import { BENCH_SECRET_KEY, openBenchSchema, step } from './support';

export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
export const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_customers';
/** The calls end here: the history's month is the 30 days before it. */
export const END = new Date('2026-11-26T00:00:00Z');
/** The key the demo's extension passwords are sealed with: a console started on the schema needs it. */
export const SECRET_KEY = BENCH_SECRET_KEY;
const BUILT = `${CUSTOMERS}/${CALLS}/1`;

/** The n-th customer's numbers: a landline for each (03 or 06), a mobile for every other one. */
export const landline = (n: number) => `${n % 2 ? '06' : '03'}${String(10_000_000 + n).slice(-8)}`;
export const mobile = (n: number) => `090${String(10_000_000 + n).slice(-8)}`;
/** Customers 0–9 are the tenant's big clients: 5% of the inbound calls each. */
export const BIG_CLIENTS = 10;

export interface CustomerTenant {
  /** The schema's database URL (its search_path set), for a console started on it. */
  url: string;
  database: Database;
  tenant: string;
  yamada: { userUuid: string; extensionUuid: string };
  suzuki: { userUuid: string };
}

/** Company-name stems: kanji, hiragana, katakana. */
const STEMS = [
  ['青空', 'あおぞら', 'アオゾラ'],
  ['山田', 'やまだ', 'ヤマダ'],
  ['鈴木', 'すずき', 'スズキ'],
  ['東京', 'とうきょう', 'トウキョウ'],
  ['大阪', 'おおさか', 'オオサカ'],
  ['日本', 'にほん', 'ニホン'],
  ['中央', 'ちゅうおう', 'チュウオウ'],
  ['北斗', 'ほくと', 'ホクト'],
  ['桜', 'さくら', 'サクラ'],
  ['富士', 'ふじ', 'フジ'],
  ['朝日', 'あさひ', 'アサヒ'],
  ['光', 'ひかり', 'ヒカリ'],
  ['新星', 'しんせい', 'シンセイ'],
  ['大和', 'やまと', 'ヤマト'],
  ['若葉', 'わかば', 'ワカバ'],
  ['双葉', 'ふたば', 'フタバ'],
  ['緑', 'みどり', 'ミドリ'],
  ['港', 'みなと', 'ミナト'],
  ['白鳥', 'はくちょう', 'ハクチョウ'],
  ['銀河', 'ぎんが', 'ギンガ'],
] as const;

/**
 * The customers, calls, recall items and notes, in SQL (generate_series: no row crosses the network).
 * Company names and furigana from 20 stems, numbered; the sort key and search text as the app derives
 * them (customer-text.ts). Calls: half inbound (70% from customers' landlines, half of those from the ten
 * big clients; 30% from numbers of no customer), a third outbound to customers, the rest internal; every
 * third taken by yamada, the others by suzuki; a fifth of the inbound missed, each with its recall item,
 * done when a later call with the number was answered; a call note on every fifth answered inbound call.
 */
async function fill(db: pg.Client, t: CustomerTenant): Promise<void> {
  const stem = (i: number) => `(ARRAY[${STEMS.map((x) => `'${x[i]}'`).join(',')}])[1 + g % ${STEMS.length}]`;
  await step(`${CUSTOMERS.toLocaleString()} customers`, () =>
    db.query(
      `INSERT INTO customers (customer_uuid, domain_uuid, company, company_kana, person, person_kana,
         sort_key, search_text, owner_uuid, tags, updated_by)
       SELECT md5('c' || g)::uuid, $1, s.stem || '商事' || g, s.kata || 'ショウジ' || g,
         '担当 ' || g, 'タントウ ' || g,
         s.hira || 'しょうじ' || g || ' たんとう ' || g,
         s.stem || '商事' || g || chr(10) || s.hira || 'しょうじ' || g || chr(10) || '担当 ' || g || chr(10) || 'たんとう ' || g,
         CASE WHEN g % 3 = 0 THEN $2::uuid END, CASE WHEN g % 4 = 0 THEN '["重要"]'::jsonb ELSE '[]'::jsonb END, 'bench'
       FROM generate_series(0, $3::int - 1) g,
         LATERAL (SELECT ${stem(0)} AS stem, ${stem(1)} AS hira, ${stem(2)} AS kata) s`,
      [t.tenant, t.yamada.userUuid, CUSTOMERS],
    ),
  );
  await step('their numbers', () =>
    db.query(
      `INSERT INTO customer_numbers (customer_uuid, position, domain_uuid, label, number_key)
         SELECT md5('c' || g)::uuid, 0, $1::uuid, '代表', CASE WHEN g % 2 = 1 THEN '06' ELSE '03' END || right((10000000 + g)::text, 8)
         FROM generate_series(0, $2::int - 1) g
       UNION ALL
         SELECT md5('c' || g)::uuid, 1, $1::uuid, '携帯', '090' || right((10000000 + g)::text, 8)
         FROM generate_series(0, $2::int - 1, 2) g`,
      [t.tenant, CUSTOMERS],
    ),
  );
  const yearMinutes = 365 * 24 * 60;
  // The callers' first-call counts (0040) lock every caller of a statement: counted once after the load.
  await db.query('ALTER TABLE calls DISABLE TRIGGER caller_firsts_insert');
  for (let start = 0; start < CALLS; start += 200_000) {
    const end = Math.min(CALLS, start + 200_000);
    await step(`calls ${start.toLocaleString()}–${(end - 1).toLocaleString()}`, () =>
      db.query(
        `INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, answer_stamp, end_stamp,
           outside_number, outside_key, incoming_number, agent_extension, agent_extension_uuid, agent_user_uuid,
           callee_number, ring_seconds, talk_seconds, result)
         SELECT md5('k' || g)::uuid, $1, 'bench-' || g, k.kind,
           s.at, CASE WHEN r.result = 'answered' THEN s.at + interval '8 seconds' END, s.at + interval '3 minutes',
           n.num, n.num, CASE WHEN k.kind = 'inbound' THEN '0312345678' END,
           CASE WHEN r.result = 'answered' OR k.kind <> 'inbound' THEN a.ext END,
           CASE WHEN r.result = 'answered' OR k.kind <> 'inbound' THEN a.ext_uuid END,
           CASE WHEN r.result = 'answered' OR k.kind <> 'inbound' THEN a.user_uuid END,
           CASE WHEN k.kind = 'internal' THEN '1000' END,
           8, CASE WHEN r.result = 'answered' THEN 30 + g % 600 ELSE 0 END, r.result
         FROM generate_series($4::int, $5::int - 1) g,
           LATERAL (SELECT timestamptz '${END.toISOString()}' - (${yearMinutes}::float * (g + 1) / $6::int) * interval '1 minute' AS at) s,
           LATERAL (SELECT CASE WHEN g % 6 < 3 THEN 'inbound' WHEN g % 6 < 5 THEN 'outbound' ELSE 'internal' END AS kind) k,
           LATERAL (SELECT CASE WHEN k.kind = 'inbound' AND g % 5 = 0 THEN 'missed' ELSE 'answered' END AS result) r,
           LATERAL (SELECT CASE WHEN g % 3 = 0 THEN '1001' ELSE '1002' END AS ext,
             CASE WHEN g % 3 = 0 THEN $2::uuid END AS ext_uuid,
             CASE WHEN g % 3 = 0 THEN $3::uuid ELSE $7::uuid END AS user_uuid) a,
           LATERAL (SELECT CASE
             WHEN k.kind = 'internal' THEN NULL
             WHEN k.kind = 'inbound' AND g % 10 >= 7 THEN '0' || (500000000 + (g::bigint * 7919) % 300000)::text
             WHEN k.kind = 'inbound' AND g % 20 < 7 THEN
               CASE WHEN (g / 20) % ${BIG_CLIENTS} % 2 = 1 THEN '06' ELSE '03' END || right((10000000 + (g / 20) % ${BIG_CLIENTS})::text, 8)
             ELSE CASE WHEN ((g::bigint * 7919) % $8::int) % 2 = 1 THEN '06' ELSE '03' END
               || right((10000000 + (g::bigint * 7919) % $8::int)::text, 8) END AS num) n`,
        [
          t.tenant,
          t.yamada.extensionUuid,
          t.yamada.userUuid,
          start,
          end,
          CALLS,
          t.suzuki.userUuid,
          CUSTOMERS,
        ],
      ),
    );
  }
  await db.query('ALTER TABLE calls ENABLE TRIGGER caller_firsts_insert');
  await step('callers’ first calls', () =>
    db.query('SELECT caller_firsts_rebuild(ARRAY[$1]::uuid[])', [t.tenant]),
  );
  await step('recall items', () =>
    db.query(
      `INSERT INTO recall_items (recall_uuid, domain_uuid, number, number_key, customer_uuid, call_uuid, reason,
         state, created_at, done_at, done_by, done_call_uuid)
       SELECT gen_random_uuid(), $1, m.outside_number, m.outside_key, cn.customer_uuid, m.call_uuid, '',
         CASE WHEN a.call_uuid IS NULL THEN 'open' ELSE 'done' END, m.start_stamp, a.answer_stamp,
         a.agent_user_uuid, a.call_uuid
       FROM calls m
       LEFT JOIN customer_numbers cn ON cn.domain_uuid = m.domain_uuid AND cn.number_key = m.outside_key
       LEFT JOIN LATERAL (SELECT c.call_uuid, c.answer_stamp, c.agent_user_uuid FROM calls c
         WHERE c.domain_uuid = m.domain_uuid AND c.outside_key = m.outside_key
           AND c.start_stamp > m.start_stamp AND c.result = 'answered' AND c.kind <> 'internal'
         ORDER BY c.start_stamp LIMIT 1) a ON true
       WHERE m.domain_uuid = $1 AND m.result = 'missed' AND m.call_id LIKE 'bench-%'`,
      [t.tenant],
    ),
  );
  await step('call notes', () =>
    db.query(
      `INSERT INTO customer_notes (note_uuid, domain_uuid, number_key, customer_uuid, call_uuid, category,
         result, body, author_uuid, author_name, created_at)
       SELECT gen_random_uuid(), c.domain_uuid, c.outside_key, cn.customer_uuid, c.call_uuid::text,
         '問い合わせ', '対応完了', '見積の件でお電話。来週に再度連絡します。', c.agent_user_uuid, '山田 太郎',
         c.end_stamp
       FROM calls c
       LEFT JOIN customer_numbers cn ON cn.domain_uuid = c.domain_uuid AND cn.number_key = c.outside_key
       WHERE c.domain_uuid = $1 AND c.kind = 'inbound' AND c.result = 'answered' AND c.call_id LIKE 'bench-%'
         AND ('x' || substr(md5(c.call_id), 1, 4))::bit(16)::int % 5 = 0`,
      [t.tenant],
    ),
  );
  await step('VACUUM ANALYZE', () =>
    db.query('VACUUM ANALYZE customers, customer_numbers, calls, recall_items, customer_notes'),
  );
}

async function tenantOf(
  database: Database,
  tenant: string,
): Promise<Pick<CustomerTenant, 'yamada' | 'suzuki'>> {
  const tenantUsers = await database.db.select().from(users).where(eq(users.domainUuid, tenant));
  const yamada = tenantUsers.find((u) => u.username === 'yamada')!;
  const suzuki = tenantUsers.find((u) => u.username === 'suzuki')!;
  return {
    yamada: { userUuid: yamada.userUuid, extensionUuid: yamada.extensionUuid! },
    suzuki: { userUuid: suzuki.userUuid },
  };
}

/**
 * The built tenant, migrated to the current schema; built first when the schema holds no finished build
 * of these sizes (that takes minutes: do it outside quiet-run).
 */
export async function customerTenant(): Promise<CustomerTenant> {
  const schema = await openBenchSchema({
    schema: SCHEMA,
    sizes: BUILT,
    describe: `${CUSTOMERS.toLocaleString()} customers, ${CALLS.toLocaleString()} calls`,
    fill: async (db, built) => fill(db, { ...built, ...(await tenantOf(built.database, built.tenant)) }),
  });
  return { ...schema, ...(await tenantOf(schema.database, schema.tenant)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const t = await customerTenant();
  console.log(`ready in ${((performance.now() - started) / 1000).toFixed(0)} s (tenant ${t.tenant})`);
  await t.database.close();
}
