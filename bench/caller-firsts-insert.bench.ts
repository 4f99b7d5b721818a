// Issue 21: what a new call costs the callers' chains (migrations 0040, 0047) when its caller has many
// calls. PostgreSQL, one tenant with 100,000 calls of 20,000 callers over a year and one caller with
// 10,000 calls over that year (every day, 08:00–19:59 Tokyo, on two numbers, some out of hours), in
// schema `bench_caller_firsts` of the `test` database (BENCH_PG_URL).
// Each case inserts one call (one statement, all of the calls' triggers) in a transaction rolled back,
// p50/p99 of the INSERT. "0040" runs the same cases with 0040's recount of the caller's whole history
// put back (its functions re-created from the migration's text), then 0047's again.
//   nice -n 10 npx tsx bench/caller-firsts-insert.bench.ts --build     builds the schema once
//   quiet-run npx tsx bench/caller-firsts-insert.bench.ts             measures
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openBenchSchema, quantile, ROOT, step } from './support';

const SCHEMA = 'bench_caller_firsts';
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const FREQUENT = '0311112222';
/** The measuring moment: Thursday 26 November 2026, 15:00 in Tokyo; the calls end the day before. */
const NOW = new Date('2026-11-26T06:00:00Z');

const { url, database, tenant } = await openBenchSchema({
  schema: SCHEMA,
  sizes: 'frequent 10000 / others 100000',
  describe: 'one caller with 10,000 calls among 100,000',
  fill: async (db, { tenant }) => {
    const yearAgo = NOW.getTime() / 1000 - 365 * 86_400;
    await db.query('ALTER TABLE calls DISABLE TRIGGER caller_firsts_insert');
    await step('calls', () =>
      db.query(`
        INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, end_stamp, outside_number,
            outside_key, incoming_number, ring_seconds, talk_seconds, result)
          SELECT gen_random_uuid(), '${tenant}', 'bench-other-' || g, 'inbound', s.at, s.at + interval '2 minutes',
                 n.num, n.num, CASE WHEN g % 3 = 0 THEN '0312345600' ELSE '0312345678' END, 5, 60,
                 CASE WHEN g % 11 = 0 THEN 'out_of_hours' WHEN g % 5 = 0 THEN 'missed' ELSE 'answered' END
            FROM generate_series(0, 99999) g
            CROSS JOIN LATERAL (SELECT to_timestamp(${yearAgo} + g * 315.36) AS at) s
            CROSS JOIN LATERAL (SELECT '090' || lpad(((g * 7919) % 20000)::text, 8, '0') AS num) n;
        -- 27 or 28 a day, 08:00–19:59 Tokyo (23:00–10:59 UTC).
        INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, end_stamp, outside_number,
            outside_key, incoming_number, ring_seconds, talk_seconds, result)
          SELECT gen_random_uuid(), '${tenant}', 'bench-frequent-' || g, 'inbound', s.at, s.at + interval '2 minutes',
                 '${FREQUENT}', '${FREQUENT}', CASE WHEN g % 4 = 0 THEN '0312345600' ELSE '0312345678' END, 5, 60,
                 CASE WHEN g % 13 = 0 THEN 'out_of_hours' ELSE 'answered' END
            FROM generate_series(0, 9999) g
            CROSS JOIN LATERAL (SELECT date_trunc('day', to_timestamp(${yearAgo}) AT TIME ZONE 'Asia/Tokyo')
                                         + (g / 27.4) * interval '1 day' AS d) x
            CROSS JOIN LATERAL (SELECT (date_trunc('day', x.d) + interval '8 hours'
                                        + ((g * 97) % 720) * interval '1 minute') AT TIME ZONE 'Asia/Tokyo' AS at) s
           WHERE s.at < '${new Date(NOW.getTime() - 15 * 3_600_000).toISOString()}';`),
    );
    await db.query('ALTER TABLE calls ENABLE TRIGGER caller_firsts_insert');
    await step("the callers' chains", () =>
      db.query(`SELECT caller_firsts_rebuild(ARRAY['${tenant}']::uuid[])`),
    );
    await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE calls, caller_firsts'));
  },
});
await database.close();
if (process.argv.includes('--build')) process.exit(0);

const db = new pg.Client(url);
await db.connect();
const frequentCalls = (
  await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls WHERE outside_key = $1`, [FREQUENT])
).rows[0]!.n;
console.log(
  `caller_firsts on a new call: a caller with ${frequentCalls.toLocaleString()} calls, ${RUNS} runs each; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);

const cases: [string, string, Date][] = [
  ['frequent caller, now (15:00)', FREQUENT, NOW],
  ['frequent caller, at 03:00 (never before)', FREQUENT, new Date('2026-11-25T18:00:00Z')],
  ['frequent caller, a month back', FREQUENT, new Date('2026-10-26T02:00:00Z')],
  ['a caller never seen', '0399990000', NOW],
];

/** One answered incoming call of a minute from $4 at $3 (call id $2), as the call model stores it. */
const INSERT_CALL = `INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, end_stamp, outside_number,
    outside_key, incoming_number, ring_seconds, talk_seconds, result)
  VALUES (gen_random_uuid(), $1, $2, 'inbound', $3, $3::timestamptz + interval '1 minute', $4, $4,
    '0312345678', 5, 60, 'answered')`;

let n = 0;
async function insertCost(caller: string, at: Date): Promise<number> {
  await db.query('BEGIN');
  try {
    const t0 = performance.now();
    await db.query(INSERT_CALL, [tenant, `bench-new-${n++}`, at.toISOString(), caller]);
    return performance.now() - t0;
  } finally {
    await db.query('ROLLBACK');
  }
}

async function measureAll(label: string) {
  for (const [name, caller, at] of cases) {
    await insertCost(caller, at);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await insertCost(caller, at));
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(5)} ${name.padEnd(42)} p50 ${quantile(times, 0.5).toFixed(2).padStart(8)} ms  ` +
        `p99 ${quantile(times, 0.99).toFixed(2).padStart(8)} ms`,
    );
  }
}

/** A migration's CREATE [OR REPLACE] FUNCTION statements of these names, as CREATE OR REPLACE. */
function functionsOf(migration: string, names: string[]): string {
  const text = readFileSync(`${ROOT}apps/server/migrations/${migration}`, 'utf8');
  return names
    .map((name) => {
      const found = new RegExp(`CREATE (?:OR REPLACE )?FUNCTION ${name}\\(.*?\\n\\$\\$;`, 's').exec(text);
      if (!found) throw new Error(`${name} not in ${migration}`);
      return found[0].replace(/^CREATE (OR REPLACE )?FUNCTION/, 'CREATE OR REPLACE FUNCTION');
    })
    .join('\n');
}

const CHANGE = ['caller_firsts_change', 'caller_firsts_after_change'];
// The migration's text as it is now (a build keeps the functions of the day it was migrated).
await db.query(functionsOf('0047_caller_firsts_from_previous_day.sql', ['caller_recount_calls', ...CHANGE]));
await measureAll('0047');
await db.query(functionsOf('0040_caller_firsts.sql', CHANGE));
try {
  await measureAll('0040');
} finally {
  await db.query(functionsOf('0047_caller_firsts_from_previous_day.sql', CHANGE));
}
await db.query('BEGIN');
await db.query('ALTER TABLE calls DISABLE TRIGGER caller_firsts_insert');
const without: number[] = [];
for (let i = 0; i <= RUNS; i++) {
  await db.query('SAVEPOINT s');
  const t0 = performance.now();
  await db.query(INSERT_CALL, [tenant, `bench-none-${i}`, NOW.toISOString(), FREQUENT]);
  if (i > 0) without.push(performance.now() - t0);
  await db.query('ROLLBACK TO SAVEPOINT s');
}
await db.query('ROLLBACK');
without.sort((a, b) => a - b);
console.log(
  `  none  the calls' other triggers only (frequent caller, now)  p50 ${quantile(without, 0.5).toFixed(2)} ms  ` +
    `p99 ${quantile(without, 0.99).toFixed(2)} ms`,
);
await db.end();
