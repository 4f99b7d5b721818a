import { callSearchSchema } from '@tsunagu/contract';
import { fillPlaceholders, type Query } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client';
import * as schema from '../../platform/db/schema';
import { buildBulkCalls } from '../../testing/bulk-calls';
import { bulkOffice } from '../../testing/bulk-office';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { historyScans } from '../cdr/cdr.repository';
import { createCallHistoryService } from './call-history.service';

// The plans of the history pages on a tenant of 60,000 calls, as PostgreSQL makes them with the table's
// statistics: each page's rows are walked in the order's index (the tenant history's calls_history_*_idx,
// the own history's cdrs_history_idx), and nothing sorts the calls — only the page's own rows may be
// sorted, above the walk's LIMIT. A change that loses the index (a column, a direction, a cast) fails here.
let t: TestApp;
let tenant: string;
let own: string;
const END = new Date('2026-11-26T00:00:00Z');
const DAY = 86_400_000;
const LAST_30_DAYS = { from: new Date(END.getTime() - 30 * DAY).toISOString(), to: END.toISOString() };
const YEAR = { from: new Date(END.getTime() - 365 * DAY).toISOString(), to: END.toISOString() };

type RawClient = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
const client = () => (t.database.db as unknown as { $client: RawClient }).$client;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Presorted Key'?: string[];
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

async function plan(text: string, params: unknown[]): Promise<PlanNode> {
  const { rows } = await client().query(`EXPLAIN (FORMAT JSON) ${text}`, params);
  const value = Object.values(rows[0]!)[0];
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
  return parsed[0].Plan;
}

/**
 * The page is walked under a LIMIT in one of `indexes` (the order's, or for incoming calls only the
 * partial index of inbound calls by time) with no sort below it — an incremental sort of the walk's
 * ties on a key the index already orders is no sort of the calls —, no table is read whole, and a
 * sort, if any, sorts only what a LIMIT let through (the page's rows).
 */
function expectIndexWalk(root: PlanNode, indexes: string[], what: string) {
  const all = nodes(root);
  const text = JSON.stringify(root, null, 1);
  expect(
    all.filter((n) => n['Node Type'] === 'Seq Scan'),
    `${what}: ${text}`,
  ).toEqual([]);
  const walks = all.filter((n) => n['Node Type'] === 'Limit');
  expect(walks.length, `${what}: ${text}`).toBeGreaterThan(0);
  const walk = walks.at(-1)!;
  const below = nodes(walk);
  expect(
    below.some((n) => indexes.includes(n['Index Name'] ?? '') && /^Index (Only )?Scan$/.test(n['Node Type'])),
    `${what}: walks ${indexes.join(' or ')}: ${text}`,
  ).toBe(true);
  const sorts = below.filter(
    (n) =>
      n['Node Type'] === 'Sort' ||
      (n['Node Type'] === 'Incremental Sort' &&
        !(n['Presorted Key'] ?? []).some((k) => /start_stamp/.test(k))),
  );
  expect(sorts, `${what}: ${text}`).toEqual([]);
  for (const sort of all.filter((n) => /Sort/.test(n['Node Type']) && !below.includes(n))) {
    expect(nodes(sort).includes(walk), `${what}: a sort above the page only: ${text}`).toBe(true);
  }
}

/** The statements one call of the service ran, through a Db that records them. */
async function statementsOf(
  run: (db: Db) => Promise<unknown>,
): Promise<{ sql: string; params: unknown[] }[]> {
  const seen: { sql: string; params: unknown[] }[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => void seen.push({ sql, params }) };
  const raw = client();
  const db = (t.database.kind === 'postgres'
    ? drizzlePg({ client: raw as never, schema, logger })
    : drizzlePglite({ client: raw as never, schema, logger })) as unknown as Db;
  await run(db);
  return seen;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const office = await bulkOffice(t);
  tenant = office.tenant.domainUuid;
  own = office.own;
  await buildBulkCalls(t.database, {
    tenantUuid: tenant,
    calls: 60_000,
    end: END,
    own: { extensionUuid: own, every: 3 },
    rollUps: 'rebuild',
  });
  // As autovacuum would after such a load (one statement each: not in a transaction).
  for (const table of ['calls', 'cdrs', 'cdr_counts', 'call_days', 'call_hours'])
    await t.database.runScript(`VACUUM ANALYZE ${table}`);
}, 300_000);
afterAll(() => t.close());

describe('tenant call history page plans', () => {
  const INDEX = {
    startStamp: 'calls_history_start_idx',
    talkSeconds: 'calls_history_talk_idx',
    ringSeconds: 'calls_history_ring_idx',
  } as const;
  const incoming = [INDEX.startStamp, 'calls_inbound_callers_idx'];
  const CASES: [string, Record<string, unknown>, string[]][] = [
    ['30 days, newest first', { ...LAST_30_DAYS, sort: 'startStamp,desc' }, [INDEX.startStamp]],
    ['30 days, oldest first', { ...LAST_30_DAYS, sort: 'startStamp,asc' }, [INDEX.startStamp]],
    ['30 days, missed only', { ...LAST_30_DAYS, missed: 'true' }, incoming],
    ['30 days, answered incoming', { ...LAST_30_DAYS, kind: 'inbound', result: 'answered' }, incoming],
    ['a year, longest talk first', { ...YEAR, sort: 'talkSeconds,desc' }, [INDEX.talkSeconds]],
    ['a year, shortest ring first', { ...YEAR, sort: 'ringSeconds,asc' }, [INDEX.ringSeconds]],
  ];

  for (const [name, body, index] of CASES) {
    it(`${name}: the first, a middle (from the anchor) and the last page walk ${index.join(' or ')}`, async () => {
      const service = (db: Db) => createCallHistoryService({ db, now: () => END });
      const page = (db: Db, more: Record<string, unknown>) =>
        service(db).page(tenant, callSearchSchema.parse({ size: 50, ...body, ...more }));
      const first = await page(t.database.db, {});
      const last = Math.ceil(first.totalElements / 50) - 1;
      expect(last).toBeGreaterThan(4);
      const middle = Math.floor(last / 2);
      const held = await page(t.database.db, { page: middle - 1 });
      for (const [which, more] of [
        ['first', {}],
        ['middle', { page: middle, anchor: held.anchor }],
        ['last', { page: last }],
      ] as const) {
        // The page's statement: the calls whose ids a keyset read over the order's index picks.
        const reads = (await statementsOf((db) => page(db, more))).filter((s) =>
          /^select .* from "calls" .* in \(select .* from "calls"/is.test(s.sql),
        );
        expect(reads, `${name}, ${which}`).toHaveLength(1);
        expectIndexWalk(await plan(reads[0]!.sql, reads[0]!.params), index, `${name}, ${which} page`);
      }
    });
  }
});

describe('own call history page plans', () => {
  const prepared = (query: Query, values: Record<string, unknown>) =>
    plan(query.sql, fillPlaceholders(query.params, values));

  it('walks cdrs_history_idx from either end and from an anchor, both ways', async () => {
    const { rows } = await client().query(
      `SELECT cdr_uuid FROM cdrs WHERE extension_uuid = $1 ORDER BY start_stamp, cdr_uuid OFFSET 9000 LIMIT 1`,
      [own],
    );
    const after = rows[0]!.cdr_uuid;
    const values = { tenant, extension: own, after, limit: 10, offset: 0 };
    for (const [name, scan] of Object.entries(historyScans)) {
      const query = scan(t.database.db).getQuery();
      expectIndexWalk(await prepared(query, values), ['cdrs_history_idx'], `own history, ${name}`);
      // A deep page skips index entries: from an end (no anchor) thousands; from an anchor, the pages
      // between it and the page asked for. It still sorts nothing.
      const offset = name.includes('Anchor') ? 20 : 5_000;
      expectIndexWalk(
        await prepared(query, { ...values, offset }),
        ['cdrs_history_idx'],
        `own history, ${name}, offset ${offset}`,
      );
    }
  });
});
