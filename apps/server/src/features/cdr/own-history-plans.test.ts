import { fillPlaceholders, type Query } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildBulkCalls } from '../../testing/bulk-calls';
import { bulkOffice } from '../../testing/bulk-office';
import { expectIndexWalk, plan, rawClient } from '../../testing/query-plans';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { historyScans } from './cdr.repository';

// The plans of the own call history's pages on a tenant of 60,000 calls (a third of them one extension's),
// as PostgreSQL makes them with the table's statistics: each page is walked in cdrs_history_idx, and nothing
// sorts the legs. A change that loses the index (a column, a direction, a cast) fails here.
let t: TestApp;
let tenant: string;
let own: string;

beforeAll(async () => {
  t = await createTestApp();
  const office = await bulkOffice(t);
  tenant = office.tenant.domainUuid;
  own = office.own;
  await buildBulkCalls(t.database, {
    tenantUuid: tenant,
    calls: 60_000,
    end: new Date('2026-11-26T00:00:00Z'),
    own: { extensionUuid: own, every: 3 },
    rollUps: 'rebuild',
  });
  // As autovacuum would after such a load (one statement each: not in a transaction).
  for (const table of ['cdrs', 'cdr_counts']) await t.database.runScript(`VACUUM ANALYZE ${table}`);
}, 300_000);
afterAll(() => t.close());

describe('own call history page plans', () => {
  const prepared = (query: Query, values: Record<string, unknown>) =>
    plan(t.database, query.sql, fillPlaceholders(query.params, values));

  it('walks cdrs_history_idx from either end and from an anchor, both ways', async () => {
    const { rows } = await rawClient(t.database).query(
      `SELECT cdr_uuid FROM cdrs WHERE extension_uuid = $1 ORDER BY start_stamp, cdr_uuid OFFSET 9000 LIMIT 1`,
      [own],
    );
    const after = rows[0]!.cdr_uuid;
    const values = { tenant, extension: own, ownNumber: '2001', after, limit: 10, offset: 0 };
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
