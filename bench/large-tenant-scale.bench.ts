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

/** The schema, emptied; the URL the console uses to work in it alone. */
async function scratchSchema(): Promise<string> {
  const admin = new pg.Client(PG_URL);
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return url.toString();
}

/** Time a step of the build, for the log. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Fills the demo tenant in SQL (generate_series; no row crosses the network): extensions numbered from
 * 10000 (past the form's four digits, which hold only 9,000), users with a session each, and the calls,
 * OWN_SHARE of them yamada's own, in batches of a million (the counters' triggers run per statement).
 */
async function fill(dbUrl: string): Promise<{ tenant: string }> {
  const db = new pg.Client(dbUrl);
  await db.connect();
  const [{ domain_uuid: tenant, yamada_ext: yamadaExt }] = (
    await db.query<{ domain_uuid: string; yamada_ext: string }>(
      `SELECT d.domain_uuid, u.extension_uuid AS yamada_ext FROM domains d
       JOIN users u ON u.domain_uuid = d.domain_uuid AND u.username = 'yamada'
       WHERE d.domain_name = 'demo.tsunagu.local'`,
    )
  ).rows as [{ domain_uuid: string; yamada_ext: string }];
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
  // The calls: yamada's every 1/OWN_SHARE-th, the others over the bulk extensions; a third missed,
  // from 50,000 outside numbers (the recall count's per-number state), ten seconds apart.
  const every = Math.max(1, Math.round(1 / OWN_SHARE));
  for (let from = 1; from <= CALLS; from += 1_000_000) {
    const to = Math.min(CALLS, from + 999_999);
    await step(`calls ${from.toLocaleString()}–${to.toLocaleString()}`, () =>
      db.query(
        `INSERT INTO cdrs (cdr_uuid, domain_uuid, call_uuid, extension_uuid, direction, caller_id_number,
           destination_number, start_stamp, billsec)
         SELECT gen_random_uuid(), $1, 'bench-' || g,
           CASE WHEN g % $3::int = 0 THEN $2::uuid ELSE e.ids[1 + g % array_length(e.ids, 1)] END,
           'inbound', '03' || lpad((g % 50000)::text, 8, '0'), '1001',
           timestamptz '2020-01-01' + g * interval '10 seconds', CASE WHEN g % 3 = 0 THEN 0 ELSE 30 END
         FROM generate_series($4::int, $5::int) g,
           (SELECT array_agg(extension_uuid) AS ids FROM extensions WHERE domain_uuid = $1) e`,
        [tenant, yamadaExt, every, from, to],
      ),
    );
  }
  await step('ANALYZE', () => db.query('ANALYZE'));
  await db.end();
  return { tenant };
}

const dbUrl = await scratchSchema();
const started = performance.now();
const { child, base } = await startConsoleOn(dbUrl);
const bare = Fastify();
try {
  await waitForLogin(base, 'yamada', 'Staff#2026');
  console.log(
    `building: ${EXTENSIONS.toLocaleString()} extensions, ${USERS.toLocaleString()} users, ${CALLS.toLocaleString()} calls (schema ${SCHEMA})`,
  );
  const { tenant } = await fill(dbUrl);
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

  const cases: Case[] = [
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
} finally {
  await bare.close();
  await stop(child);
}

// The mass reconnect of the tenant's users, with its own bare ceiling (a `ws` server).
if (process.env.BENCH_RECONNECT !== '0') {
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
