import { expect } from 'vitest';
import type { Database } from '../platform/db/client';

// Reading PostgreSQL's (or PGlite's) plans of the statements a list page runs, so that a change losing an
// index fails a test, not only a benchmark.

type RawClient = {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};
/** The driver under Drizzle: node-postgres's pool or PGlite, both `query(text, params)`. */
export const rawClient = (database: Database) => (database.db as unknown as { $client: RawClient }).$client;

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements the database is given while `run` runs (the driver's query, recorded). */
export async function statementsOf(database: Database, run: () => Promise<unknown>): Promise<Statement[]> {
  const client = rawClient(database) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = client.query;
  const seen: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    // Drizzle gives node-postgres (config, params) and PGlite (text, params).
    const sql = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (sql) seen.push({ sql, params: (second as unknown[] | undefined) ?? [] });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Presorted Key'?: string[];
  Plans?: PlanNode[];
}

export const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** The plan of one statement, as EXPLAIN (FORMAT JSON) gives it. */
export async function plan(database: Database, text: string, params: unknown[]): Promise<PlanNode> {
  const { rows } = await rawClient(database).query(`EXPLAIN (FORMAT JSON) ${text}`, params);
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
export function expectIndexWalk(root: PlanNode, indexes: string[], what: string) {
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
