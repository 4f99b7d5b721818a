import { callSearchSchema } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBulkCalls } from '../../testing/bulk-calls';
import { bulkOffice } from '../../testing/bulk-office';
import { expectIndexWalk, plan, statementsOf } from '../../testing/query-plans';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createCallHistoryService } from './call-history.service';

// The plans of the tenant history's pages on a tenant of 60,000 calls, as PostgreSQL makes them with the
// table's statistics: each page's rows are walked in the order's index (calls_history_*_idx), and nothing
// sorts the calls — only the page's own rows may be sorted, above the walk's LIMIT. A change that loses the index (a column, a direction, a cast) fails here.
let t: TestApp;
let tenant: string;
const END = new Date('2026-11-26T00:00:00Z');
const DAY = 86_400_000;
const LAST_30_DAYS = { from: new Date(END.getTime() - 30 * DAY).toISOString(), to: END.toISOString() };
const YEAR = { from: new Date(END.getTime() - 365 * DAY).toISOString(), to: END.toISOString() };

beforeAll(async () => {
  t = await createTestApp();
  const office = await bulkOffice(t);
  tenant = office.tenant.domainUuid;
  await buildBulkCalls(t.database, {
    tenantUuid: tenant,
    calls: 60_000,
    end: END,
    rollUps: 'rebuild',
  });
  // As autovacuum would after such a load (one statement each: not in a transaction).
  for (const table of ['calls', 'call_days', 'call_hours'])
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
      const service = createCallHistoryService({ db: t.database.db, now: () => END });
      const page = (more: Record<string, unknown>) =>
        service.page(tenant, callSearchSchema.parse({ size: 50, ...body, ...more }));
      const first = await page({});
      const last = Math.ceil(first.totalElements / 50) - 1;
      expect(last).toBeGreaterThan(4);
      const middle = Math.floor(last / 2);
      const held = await page({ page: middle - 1 });
      for (const [which, more] of [
        ['first', {}],
        ['middle', { page: middle, anchor: held.anchor }],
        ['last', { page: last }],
      ] as const) {
        // The page's statement: the calls whose ids a keyset read over the order's index picks.
        const reads = (await statementsOf(t.database, () => page(more))).filter((s) =>
          /^select .* from "calls" .* in \(select .* from "calls"/is.test(s.sql),
        );
        expect(reads, `${name}, ${which}`).toHaveLength(1);
        expectIndexWalk(
          await plan(t.database, reads[0]!.sql, reads[0]!.params),
          index,
          `${name}, ${which} page`,
        );
      }
    });
  }
});
