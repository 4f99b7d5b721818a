// Issue 16 benchmark, the measure of "fast for a large tenant": on PostgreSQL, a tenant of 20,000
// extensions, 2,000 users and 10,000,000 calls (BENCH_SCALE=full; the default is a small, quick build),
// each figure beside a bare Fastify server answering the very same bytes with the same headers in the
// same run (the ratio is ours ÷ bare in requests per second), plus the absolute figures:
//   own call history, any page (first, a deep one read from its neighbour's anchor, the last): p99 < 20 ms
//   recall count: < 5 ms;  user info: < 20 KB and p99 < 10 ms;  authenticated cached list: ≥ 0.5 of bare
// and the mass reconnect of the users (< 5 s, < 10 frames per client) by bench/presence-reconnect.bench.ts.
// Everything is built in a schema of its own of the `test` database on 127.0.0.1:5432 (BENCH_PG_URL).
// Figures count only on a quiet machine: record them with `uptime`'s load average.
// Run: npx tsx bench/large-tenant-scale.bench.ts            (small: 2,000 / 200 / 200,000)
//      BENCH_SCALE=full npx tsx bench/large-tenant-scale.bench.ts
//      BENCH_EXTENSIONS=… BENCH_USERS=… BENCH_CALLS=… override each size; BENCH_RECONNECT=0 skips it.
//      BENCH_BUILD_ONLY=1 builds the data and stops; BENCH_REUSE=1 measures on the data a build of the same
//      sizes left in the schema (the full build takes ~15 minutes, the measuring a few).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { describeLoad, load, type LoadResult } from './load';
import { freePort, ROOT, startConsoleOn, stop, waitForLogin } from './support';

const FULL = process.env.BENCH_SCALE === 'full';
const EXTENSIONS = Number(process.env.BENCH_EXTENSIONS ?? (FULL ? 20_000 : 2_000));
const USERS = Number(process.env.BENCH_USERS ?? (FULL ? 2_000 : 200));
const CALLS = Number(process.env.BENCH_CALLS ?? (FULL ? 10_000_000 : 200_000));
/** The share of the calls that are the measured user's own (the rest spread over every extension). */
const OWN_SHARE = Number(process.env.BENCH_OWN_SHARE ?? 0.1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? (FULL ? 10 : 4));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_large_tenant';
const BUILD_ONLY = process.env.BENCH_BUILD_ONLY === '1';
const REUSE = process.env.BENCH_REUSE === '1';
/** Measure only the cases whose name contains this text. */
const ONLY = process.env.BENCH_ONLY ?? '';
/** What a finished build records in its schema, so a later run can measure on it. */
const BUILT = `${EXTENSIONS}/${USERS}/${CALLS}/${OWN_SHARE}`;
const BROWSER = {
  'accept-encoding': 'gzip, deflate, br',
  cookie: 'XSRF-TOKEN=bench',
  'x-xsrf-token': 'bench',
};

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Case {
  name: string;
  target: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One request as a browser makes it, the body as received on the wire (not decoded). */
function send(base: string, c: Omit<Case, 'name' | 'target'>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${c.path}`, { method: c.method, headers: c.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end(c.body);
  });
}

/**
 * The URL the console uses to work in the schema alone, and whether the schema already holds a finished
 * build of these sizes (with BENCH_REUSE=1 it is kept; otherwise it is emptied).
 */
async function scratchSchema(): Promise<{ url: string; built: boolean }> {
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  const found = REUSE
    ? await admin
        .query<{ sizes: string }>(`SELECT sizes FROM ${SCHEMA}.bench_built`)
        .then((r) => r.rows[0]?.sizes === BUILT)
        .catch(() => false)
    : false;
  if (!found) {
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  }
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return { url: url.toString(), built: found };
}

/** Time a step of the build, for the log. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** The demo tenant and yamada's extension, which the build fills and the cases measure. */
async function demoTenant(db: pg.Client): Promise<{ tenant: string; yamadaExt: string; yamadaUser: string }> {
  const { rows } = await db.query<{ tenant: string; yamada_ext: string; yamada_user: string }>(
    `SELECT d.domain_uuid AS tenant, u.extension_uuid AS yamada_ext, u.user_uuid AS yamada_user
     FROM domains d JOIN users u ON u.domain_uuid = d.domain_uuid AND u.username = 'yamada'
     WHERE d.domain_name = 'demo.tsunagu.local'`,
  );
  const [row] = rows as [{ tenant: string; yamada_ext: string; yamada_user: string }];
  return { tenant: row.tenant, yamadaExt: row.yamada_ext, yamadaUser: row.yamada_user };
}

/**
 * Fills the demo tenant in SQL (generate_series; no row crosses the network): extensions numbered from
 * 10000 (past the form's four digits, which hold only 9,000), users, and the calls, OWN_SHARE of them
 * yamada's own, in batches of a million (the counters' triggers run per statement). Each call is a leg
 * (`cdrs`, what the own history reads) and its fold (`calls`, what the tenant history and analyses read);
 * every missed call has its recall item, open unless the number's later call was answered — from 50,000
 * outside numbers that leaves tens of thousands open, far more than an office keeps.
 */
async function fill(db: pg.Client): Promise<void> {
  const { tenant, yamadaExt, yamadaUser } = await demoTenant(db);
  await step(`${EXTENSIONS} extensions`, () =>
    db.query(
      `INSERT INTO extensions (extension_uuid, domain_uuid, extension, password_enc, effective_caller_id_name)
       SELECT gen_random_uuid(), $1, (10000 + g)::text, 'v1:bench:bench:bench', 'ベンチ 内線' || (10000 + g)
       FROM generate_series(1, $2::int) g`,
      [tenant, EXTENSIONS],
    ),
  );
  await step(`${USERS} users`, () =>
    db.query(
      `INSERT INTO users (user_uuid, domain_uuid, username, user_nm, password_hash)
       SELECT gen_random_uuid(), $1, 'bench' || g, 'ベンチ ユーザー' || g, '!'
       FROM generate_series(1, $2::int) g`,
      [tenant, USERS],
    ),
  );
  // Call g: yamada's every 1/OWN_SHARE-th, the others over the bulk extensions; every third missed;
  // from 50,000 outside numbers, ten seconds apart.
  const every = Math.max(1, Math.round(1 / OWN_SHARE));
  const series = `FROM generate_series($4::int, $5::int) g,
      (SELECT array_agg(extension_uuid) AS ids FROM extensions WHERE domain_uuid = $1) e`;
  const extension = `CASE WHEN g % $3::int = 0 THEN $2::uuid ELSE e.ids[1 + g % array_length(e.ids, 1)] END`;
  const number = `'03' || lpad((g % 50000)::text, 8, '0')`;
  const start = `timestamptz '2020-01-01' + g * interval '10 seconds'`;
  for (let from = 1; from <= CALLS; from += 1_000_000) {
    const to = Math.min(CALLS, from + 999_999);
    const range = [tenant, yamadaExt, every, from, to];
    await step(`calls ${from.toLocaleString()}–${to.toLocaleString()}: legs`, () =>
      db.query(
        `INSERT INTO cdrs (cdr_uuid, domain_uuid, call_uuid, call_id, extension_uuid, direction,
           caller_id_number, destination_number, start_stamp, billsec)
         SELECT gen_random_uuid(), $1, 'bench-' || g, 'bench-' || g, ${extension}, 'inbound', ${number},
           '1001', ${start}, CASE WHEN g % 3 = 0 THEN 0 ELSE 30 END
         ${series}`,
        range,
      ),
    );
    await step(`calls ${from.toLocaleString()}–${to.toLocaleString()}: calls`, () =>
      db.query(
        `INSERT INTO calls (call_uuid, domain_uuid, call_id, kind, start_stamp, answer_stamp, end_stamp,
           outside_number, outside_key, incoming_number, agent_extension_uuid, agent_user_uuid,
           ring_seconds, talk_seconds, result)
         SELECT gen_random_uuid(), $1, 'bench-' || g, 'inbound', ${start},
           CASE WHEN g % 3 = 0 THEN NULL ELSE ${start} + interval '5 seconds' END,
           ${start} + interval '35 seconds', ${number}, ${number}, '0312340000',
           CASE WHEN g % 3 = 0 THEN NULL ELSE ${extension} END,
           CASE WHEN g % 3 <> 0 AND g % $3::int = 0 THEN $6::uuid END,
           5, CASE WHEN g % 3 = 0 THEN 0 ELSE 30 END, CASE WHEN g % 3 = 0 THEN 'missed' ELSE 'answered' END
         ${series}`,
        [...range, yamadaUser],
      ),
    );
  }
  await step('recall items', () =>
    db.query(
      `INSERT INTO recall_items (recall_uuid, domain_uuid, number, number_key, call_uuid, reason, state,
         created_at, done_at, done_call_uuid)
       SELECT gen_random_uuid(), $1, m.outside_number, m.outside_key, m.call_uuid, '不在着信',
         CASE WHEN a.call_uuid IS NULL THEN 'open' ELSE 'done' END, m.end_stamp, a.end_stamp, a.call_uuid
       FROM calls m
       LEFT JOIN LATERAL (SELECT c.call_uuid, c.end_stamp FROM calls c
         WHERE c.domain_uuid = m.domain_uuid AND c.outside_key = m.outside_key
           AND c.start_stamp > m.start_stamp AND c.result = 'answered'
         ORDER BY c.start_stamp LIMIT 1) a ON true
       WHERE m.domain_uuid = $1 AND m.result = 'missed' AND m.call_id LIKE 'bench-%'`,
      [tenant],
    ),
  );
  // As autovacuum would: the visibility map lets the history's pages be read from the index alone.
  await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
  await db.query(`CREATE TABLE bench_built AS SELECT $1::text AS sizes`, [BUILT]);
}

const { url: dbUrl, built } = await scratchSchema();
const started = performance.now();
const { child, base } = await startConsoleOn(dbUrl);
const bare = Fastify();
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  const db = new pg.Client(dbUrl);
  await db.connect();
  const sizes = `${EXTENSIONS.toLocaleString()} extensions, ${USERS.toLocaleString()} users, ${CALLS.toLocaleString()} calls (schema ${SCHEMA})`;
  console.log(built ? `measuring on the built ${sizes}` : `building: ${sizes}`);
  if (!built) await fill(db);
  const { tenant } = await demoTenant(db);
  const open = await db.query<{ n: string }>(`SELECT count(*) AS n FROM recall_items WHERE state = 'open'`);
  console.log(`open recall items: ${Number(open.rows[0]?.n).toLocaleString()}`);
  await db.end();
  if (!BUILD_ONLY) await measure(tenant);
} finally {
  await bare.close();
  await stop(child);
}

/** The cases, each beside its bare ceiling. */
async function measure(tenant: string): Promise<void> {
  const yamada = { authorization: await waitForLogin(base, 'yamada', 'Staff#2026'), ...BROWSER };
  const admin = { authorization: await waitForLogin(base, 'admin', 'Admin#2026'), ...BROWSER };
  const info = JSON.parse(
    (
      await send(base, {
        method: 'GET',
        path: '/api/v1/user/info/yamada',
        headers: { authorization: yamada.authorization },
      })
    ).body.toString(),
  ) as {
    data: { user: { extensionUuid: string } };
  };
  const own = { domainUuid: tenant, extensionUuid: info.data.user.extensionUuid };
  const history = (page: number, anchor?: string): Omit<Case, 'name' | 'target'> => ({
    method: 'POST',
    path: `/api/v1/cdr/ext?size=10&page=${page}&sort=startStamp,DESC${anchor ? `&anchor=${encodeURIComponent(anchor)}` : ''}`,
    headers: { ...yamada, 'content-type': 'application/json' },
    body: JSON.stringify(own),
  });
  const first = JSON.parse(
    (
      await send(base, { ...history(0), headers: { ...history(0).headers, 'accept-encoding': 'identity' } })
    ).body.toString(),
  ) as {
    data: { page: { totalElements: number } };
  };
  const pages = Math.ceil(first.data.page.totalElements / 10);
  const middle = Math.floor(pages / 2);
  const neighbour = JSON.parse(
    (
      await send(base, {
        ...history(middle - 1),
        headers: { ...history(0).headers, 'accept-encoding': 'identity' },
      })
    ).body.toString(),
  ) as { data: { page: { anchor?: string } } };
  console.log(
    `yamada's history: ${first.data.page.totalElements.toLocaleString()} calls, ${pages.toLocaleString()} pages`,
  );

  const allCases: Case[] = [
    { name: 'history first page', target: 'p99 < 20 ms', ...history(0) },
    {
      name: `history page ${middle} (anchor)`,
      target: 'p99 < 20 ms',
      ...history(middle, neighbour.data.page.anchor),
    },
    { name: `history page ${middle} (none)`, target: 'no anchor: nearer end', ...history(middle) },
    { name: 'history last page', target: 'p99 < 20 ms', ...history(pages - 1) },
    {
      name: 'recall count',
      target: '< 5 ms',
      method: 'GET',
      path: `/api/v1/cdr/recall/${tenant}`,
      headers: yamada,
    },
    {
      name: 'user info',
      target: '< 20 KB, p99 < 10 ms',
      method: 'GET',
      path: '/api/v1/user/info/yamada',
      headers: yamada,
    },
    {
      name: 'extension list (cached)',
      target: '≥ 0.5 of bare',
      method: 'GET',
      path: `/api/v1/extension/${tenant}`,
      headers: admin,
    },
  ];
  const cases = allCases.filter((c) => c.name.includes(ONLY));

  // The ceiling: the very bytes and headers each case received, from a server that does nothing else.
  const answers = new Map<string, Raw>();
  for (const c of cases) {
    const answer = await send(base, c);
    if (answer.status !== 200) throw new Error(`${c.name}: ${answer.status} ${answer.body.toString()}`);
    answers.set(c.name, answer);
    const { 'content-type': type, 'content-encoding': encoding, etag } = answer.headers;
    bare.route({
      method: c.method,
      url: `/case${cases.indexOf(c)}`,
      handler: (_, reply) => {
        if (type) reply.header('content-type', type);
        if (encoding) reply.header('content-encoding', encoding);
        if (etag) reply.header('etag', etag);
        reply.send(answer.body);
      },
    });
  }
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const run = (url: string, c: Case, headers: Record<string, string>): Promise<LoadResult> =>
    load({
      url,
      method: c.method,
      headers,
      body: c.body,
      connections: 10,
      seconds: SECONDS,
      warmupSeconds: 2,
    });
  console.log(
    `load average before measuring: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const c of cases) {
    const answer = answers.get(c.name)!;
    const ours = await run(`${base}${c.path}`, c, c.headers);
    const ceiling = await run(
      `http://127.0.0.1:${barePort}/case${cases.indexOf(c)}`,
      c,
      c.body ? { 'content-type': 'application/json' } : {},
    );
    const sent = `${(answer.body.length / 1024).toFixed(1)} KB ${answer.headers['content-encoding'] ?? 'identity'}`;
    console.log(`${c.name.padEnd(30)} ${sent.padEnd(16)} ${describeLoad(ours)}   [target ${c.target}]`);
    console.log(
      `${''.padEnd(47)} bare: ${describeLoad(ceiling)}; ratio ${(ours.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)}`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

// The mass reconnect of the tenant's users, with its own bare ceiling (a `ws` server).
if (!BUILD_ONLY && process.env.BENCH_RECONNECT !== '0') {
  console.log(`mass reconnect of ${USERS.toLocaleString()} clients (bench/presence-reconnect.bench.ts):`);
  await new Promise<void>((resolve) =>
    spawn('npx', ['tsx', 'bench/presence-reconnect.bench.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_USERS: String(USERS) },
    }).on('exit', () => resolve()),
  );
}
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
