import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { nodes, plan, statementsOf, type PlanNode } from '../../testing/query-plans';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

/**
 * The recall list's page reads as PostgreSQL plans them (issue 16), on a tenant of 30,000 items: each
 * order's keyset index (everyone's: 0038; "mine" and "my groups": 0039), no sequential scan and no sort
 * of the items, whatever the scope, state, order or page. A regression fails here, not only in a bench.
 */

let t: TestApp;
let yamada: TestSession;
let tenant: string;

const onItems = (node: PlanNode) => node['Relation Name'] === 'recall_items';
/** The nodes below `plan` not reached through a Limit. */
const unboundedScans = (plan: PlanNode): PlanNode[] =>
  (plan.Plans ?? []).flatMap((child) =>
    child['Node Type'] === 'Limit' ? [] : [child, ...unboundedScans(child)],
  );

/** The page's reads of recall_items (the keyset id read and the rows by id), with their plans. */
async function pagePlans(query: string): Promise<PlanNode[]> {
  const statements = await statementsOf(t.database, async () => {
    const res = await t.request(yamada, { method: 'GET', url: `/api/v1/recall/${tenant}?${query}` });
    expect(res.statusCode).toBe(200);
  });
  const reads = statements.filter((s) => /from "recall_items"/i.test(s.sql) && /order by/i.test(s.sql));
  expect(reads.length, query).toBeGreaterThan(0);
  return Promise.all(reads.map((s) => plan(t.database, s.sql, s.params)));
}

const KEYS = { createdAt: 'created_key', dueAt: 'due_key', number: 'number_sort' } as const;

beforeAll(async () => {
  t = await createTestApp();
  const office = await t.build.tenant();
  tenant = office.domainUuid;
  const staff = [];
  for (let i = 0; i < 20; i++) staff.push(await t.build.user(office));
  const groups = [];
  for (let i = 0; i < 5; i++) groups.push(await t.build.userGroup(office, staff.slice(i * 4, i * 4 + 4)));
  const users = `ARRAY[${staff.map((u) => `'${u.userUuid}'::uuid`).join(',')}]`;
  const groupIds = `ARRAY[${groups.map((g) => `'${g.userGroupUuid}'::uuid`).join(',')}]`;
  // 30,000 items: a fifth done; by turns a user's, a group's and nobody's; a third with no due time.
  await t.database.runScript(`
    INSERT INTO recall_items (recall_uuid, domain_uuid, number, number_key, assignee_user_uuid,
        assignee_group_uuid, due_at, state, created_at, done_at)
      SELECT gen_random_uuid(), '${tenant}', n, n,
        CASE WHEN g % 3 = 0 THEN (${users})[1 + (g / 7) % 20] END,
        CASE WHEN g % 3 = 1 THEN (${groupIds})[1 + (g / 7) % 5] END,
        CASE WHEN g % 3 <> 2 THEN timestamptz '2026-11-01' + g * interval '7 minutes' END,
        CASE WHEN g % 5 = 4 THEN 'done' ELSE 'open' END,
        timestamptz '2026-01-01' + g * interval '11 minutes',
        CASE WHEN g % 5 = 4 THEN timestamptz '2026-12-01' END
      FROM generate_series(1, 30000) g, LATERAL (SELECT '090' || lpad((g * 7919 % 100000)::text, 8, '0') n) x;
    ANALYZE recall_items;
  `);
  yamada = await t.login(staff[0]!.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

describe('the recall list’s query plans', () => {
  it('reads each page on its keyset index, never scanning or sorting the items', async () => {
    for (const scope of ['all', 'mine', 'groups'] as const)
      for (const state of ['open', 'done'] as const)
        for (const field of Object.keys(KEYS) as (keyof typeof KEYS)[])
          for (const direction of ['asc', 'desc'] as const) {
            const query = `scope=${scope}&state=${state}&sort=${field},${direction}&size=10`;
            const first = await t.request(yamada, {
              method: 'GET',
              url: `/api/v1/recall/${tenant}?${query}`,
            });
            const { anchor, totalElements } = first.json().data as { anchor: string; totalElements: number };
            const last = Math.ceil(totalElements / 10) - 1;
            expect(last, query).toBeGreaterThan(4);
            const intended = `recall_items_${scope === 'all' ? '' : 'assignee_'}${KEYS[field]}_idx`;
            // The first page, a page three on from the first page's anchor, and the page before the last.
            for (const read of [query, `${query}&page=4&anchor=${anchor}`, `${query}&page=${last - 1}`]) {
              const plans = await pagePlans(read);
              const all = plans.flatMap(nodes);
              const label = `${read}: ${JSON.stringify(plans)}`;
              expect(
                all.some((n) => n['Index Name'] === intended),
                label,
              ).toBe(true);
              for (const node of all.filter(onItems)) {
                expect(node['Node Type'], label).toMatch(/^Index (Only )?Scan$/);
                expect([intended, 'recall_items_pkey'], label).toContain(node['Index Name']);
              }
              // A sort orders only the page's rows: below it the items are read by id, or by the keyset
              // index under a Limit (the page's ids), never as an unbounded range.
              for (const sort of all.filter((n) => n['Node Type'] === 'Sort'))
                for (const scan of unboundedScans(sort).filter(onItems))
                  expect(scan['Index Name'], label).toBe('recall_items_pkey');
            }
          }
  });
});
