// Issue 16 benchmark: the recall list (折り返し, `GET /v1/recall/{domainUuid}`) pages cost the same whatever
// the tenant's history. On PostgreSQL, the demo tenant's calls built by the product's bulk builder
// (apps/server/src/testing/bulk-calls.ts, as bench/large-tenant-scale.bench.ts builds them: a recall item
// per missed call from a number, done by the number's next completed conversation) at each scale of
// BENCH_RECALL_CALLS (default 10,000 and 1,000,000), in a schema of its own per scale (kept and reused).
// A share of the items is then given to yamada, to yamada's group and to another user, and a due time
// (past or coming) to a third of them, through the product's triggers (the counters of 0038 follow).
// For each scope (自分の担当 / 自分のグループ / すべて) and state (未対応, 期限切れ, 対応済み): the first
// page and a page in the middle read from its neighbour's anchor (as the console's pager sends it), each
// requested BENCH_RUNS times one after another over one keep-alive connection as a browser asks
// (`Accept-Encoding: gzip, deflate, br`) through the console as `npm start` runs it. p50 / p99 in ms and
// the bytes on the wire. Figures count only on a quiet machine:
//   quiet-run npx tsx bench/recall-list-paging.bench.ts
//   BENCH_BUILD_ONLY=1 nice -n 15 npx tsx bench/recall-list-paging.bench.ts   (builds the schemas only)
//   BENCH_RECALL_CALLS=10000,100000 … other scales;  BENCH_RUNS=… requests per case (default 100).
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { buildBulkCalls } from '../apps/server/src/testing/bulk-calls';
import {
  BENCH_SECRET_KEY,
  openBenchSchema,
  quantile,
  startConsoleOn,
  step,
  stop,
  waitForLogin,
} from './support';

const SCALES = (process.env.BENCH_RECALL_CALLS ?? '10000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const BUILD_ONLY = process.env.BENCH_BUILD_ONLY === '1';
const SIZE = 20;
const END = new Date('2026-11-26T00:00:00Z');
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Raw {
  status: number;
  encoding: string;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Gives the items assignees and due times as people would, through the triggers: by the item's id, a
 * tenth yamada's, a tenth yamada's group's, a tenth another user's, the rest nobody's; a third with a due
 * time two days after the call (past: overdue while open), a third with one in the coming year.
 */
async function assign(db: pg.Client): Promise<void> {
  const { rows } = await db.query<{ yamada: string; other: string; group: string | null }>(
    `SELECT y.user_uuid AS yamada, o.user_uuid AS other,
            (SELECT m.user_group_uuid FROM user_group_members m WHERE m.user_uuid = y.user_uuid
              ORDER BY m.user_group_uuid LIMIT 1) AS "group"
       FROM users y JOIN users o ON o.domain_uuid = y.domain_uuid AND o.username = 'suzuki'
      WHERE y.username = 'yamada'`,
  );
  const ids = rows[0];
  if (!ids?.group) throw new Error('yamada belongs to no group in the demo tenant');
  await db.query(
    `UPDATE recall_items SET
       assignee_user_uuid = CASE abs(hashtext(recall_uuid::text)) % 10 WHEN 0 THEN $1::uuid WHEN 2 THEN $2::uuid END,
       assignee_group_uuid = CASE abs(hashtext(recall_uuid::text)) % 10 WHEN 1 THEN $3::uuid END,
       due_at = CASE abs(hashtext(recall_uuid::text) / 10) % 3
                  WHEN 0 THEN created_at + interval '2 days'
                  WHEN 1 THEN timestamptz '2026-12-01' + (abs(hashtext(recall_uuid::text)) % 365) * interval '1 day'
                END`,
    [ids.yamada, ids.other, ids.group],
  );
}

interface Built {
  calls: number;
  url: string;
  tenant: string;
}

async function build(calls: number): Promise<Built> {
  const schema = await openBenchSchema({
    schema: `bench_recall_${calls}`,
    sizes: `${calls}/recall-list-v1`,
    describe: `${calls.toLocaleString()} calls with their recall items`,
    fill: async (db, s) => {
      const { rows } = await db.query<{ ext: string }>(
        `SELECT extension_uuid AS ext FROM users WHERE username = 'yamada'`,
      );
      await buildBulkCalls(s.database, {
        tenantUuid: s.tenant,
        calls,
        end: END,
        own: { extensionUuid: rows[0]!.ext, every: 10 },
        rollUps: 'rebuild',
        step,
      });
      await step('assignees and due times', () => assign(db));
      await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
    },
  });
  await schema.database.close();
  return { calls, url: schema.url, tenant: schema.tenant };
}

interface Line {
  scope: string;
  state: string;
  page: string;
  total: number;
  p50: number;
  p99: number;
  wire: string;
}

async function measure(built: Built): Promise<Line[]> {
  const { child, base } = await startConsoleOn(built.url, { SECRET_KEY: BENCH_SECRET_KEY });
  try {
    const token = await waitForLogin(base, 'yamada', 'Staff#2026', 300_000);
    const headers = { authorization: token, ...BROWSER };
    const lines: Line[] = [];
    const states = [
      { name: 'open', query: 'state=open' },
      { name: 'overdue', query: 'state=open&overdue=true' },
      { name: 'done', query: 'state=done' },
    ];
    for (const scope of ['mine', 'groups', 'all']) {
      for (const state of states) {
        const url = (page: number, anchor?: string) =>
          `${base}/api/v1/recall/${built.tenant}?scope=${scope}&${state.query}&size=${SIZE}&page=${page}` +
          (anchor ? `&anchor=${encodeURIComponent(anchor)}` : '');
        const read = async (page: number) => {
          const answer = await get(url(page), { authorization: token, 'accept-encoding': 'identity' });
          if (answer.status !== 200)
            throw new Error(`${url(page)}: ${answer.status} ${answer.body.toString()}`);
          return (JSON.parse(answer.body.toString()) as { data: { totalElements: number; anchor?: string } })
            .data;
        };
        const first = await read(0);
        const pages = Math.ceil(first.totalElements / SIZE);
        const middle = Math.max(1, Math.floor(pages / 2));
        const neighbour = await read(middle - 1);
        for (const [name, target] of [
          ['first', url(0)],
          [`${middle.toLocaleString()} of ${pages.toLocaleString()} (anchor)`, url(middle, neighbour.anchor)],
        ] as const) {
          let last: Raw | undefined;
          for (let i = 0; i < 3; i++) last = await get(target, headers);
          if (last?.status !== 200) throw new Error(`${target}: ${last?.status}`);
          const samples: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const started = performance.now();
            const answer = await get(target, headers);
            samples.push(performance.now() - started);
            if (answer.status !== 200) throw new Error(`${target}: ${answer.status}`);
          }
          samples.sort((a, b) => a - b);
          lines.push({
            scope,
            state: state.name,
            page: name,
            total: first.totalElements,
            p50: quantile(samples, 0.5),
            p99: quantile(samples, 0.99),
            wire: `${(last.body.length / 1024).toFixed(1)} KB ${last.encoding}`,
          });
        }
      }
    }
    return lines;
  } finally {
    await stop(child);
  }
}

const builds: Built[] = [];
for (const calls of SCALES) builds.push(await build(calls));
if (!BUILD_ONLY) {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load average before measuring: ${load()}`);
  const results = new Map<number, Line[]>();
  for (const built of builds) results.set(built.calls, await measure(built));
  console.log(`load average after: ${load()}`);
  console.log(
    `\n${RUNS} requests a case, ${SIZE} items a page; p50 / p99 ms (items matching) [bytes on the wire]`,
  );
  console.log(['scope', 'state', 'page', ...SCALES.map((n) => `${n.toLocaleString()} calls`)].join(' | '));
  const first = results.get(SCALES[0]!)!;
  for (const [i, line] of first.entries()) {
    const cells = SCALES.map((n) => {
      const l = results.get(n)![i]!;
      return `${l.page}: ${l.p50.toFixed(1)} / ${l.p99.toFixed(1)} (${l.total.toLocaleString()}) [${l.wire}]`;
    });
    console.log([line.scope, line.state, i % 2 === 0 ? 'first' : 'middle (anchor)', ...cells].join(' | '));
  }
}
agent.destroy();
