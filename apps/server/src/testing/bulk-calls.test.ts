import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCallOf } from '../platform/call-model/store-call';
import { rowsOf } from '../platform/db/migrate';
import { calls } from '../platform/db/schema';
import { buildBulkCalls, CALL_ROLL_UPS, rebuildCallRollUps, type BulkCalls } from './bulk-calls';
import { bulkOffice } from './bulk-office';
import { createTestApp, type TestApp } from './test-app';

// The bulk builder of the benchmarks' 10-million-call tenant must store what the product stores: every
// call the fold of its legs, and — loaded without the roll-up triggers and rebuilt after — the very
// roll-ups the triggers keep.
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let t: TestApp;
let byTriggers: Tenant;
let byRebuild: Tenant;
const CALLS = 4_000;

const options = (tenantUuid: string, own: string, rollUps: BulkCalls['rollUps']): BulkCalls => ({
  tenantUuid,
  calls: CALLS,
  end: new Date('2026-11-26T00:00:00Z'),
  days: 30,
  own: { extensionUuid: own, every: 10 },
  batch: 1_500,
  rollUps,
});

/** A roll-up's rows of the tenant, the uuids that differ between tenants replaced by extension numbers. */
const PORTABLE: Record<(typeof CALL_ROLL_UPS)[number], string> = {
  cdr_counts: `SELECT e.extension, r.calls FROM cdr_counts r JOIN extensions e USING (extension_uuid)
    WHERE r.domain_uuid = $1 ORDER BY 1`,
  call_days: `SELECT day, kind, result, calls FROM call_days WHERE domain_uuid = $1 ORDER BY 1, 2, 3`,
  call_hours: `SELECT hour, incoming_number, kind, result, calls, ring_seconds, ring_max, talk_seconds
    FROM call_hours WHERE domain_uuid = $1 ORDER BY 1, 2, 3, 4`,
  user_call_days: `SELECT e.extension, to_jsonb(r) - 'domain_uuid' - 'user_uuid' AS counts FROM user_call_days r
    JOIN users u USING (user_uuid) JOIN extensions e ON e.extension_uuid = u.extension_uuid
    WHERE r.domain_uuid = $1 ORDER BY r.day, 1`,
  extension_missed_days: `SELECT r.day, e.extension, r.missed FROM extension_missed_days r
    JOIN extensions e USING (extension_uuid) WHERE r.domain_uuid = $1 ORDER BY 1, 2`,
  recall_counts: `SELECT open_items FROM recall_counts WHERE domain_uuid = $1`,
  recall_item_counts: `SELECT state, assignee = domain_uuid AS nobody, items FROM recall_item_counts
    WHERE domain_uuid = $1 ORDER BY 1, 2`,
  caller_firsts: `SELECT incoming_number, in_hours, workdays, chain, day, class, prev, callers FROM caller_firsts
    WHERE domain_uuid = $1 ORDER BY 1, 2, 3, 4, 5, 6, 7`,
};

async function rollUps(tenantUuid: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of CALL_ROLL_UPS) {
    const query = PORTABLE[table].replaceAll('$1', `'${tenantUuid}'`);
    out[table] = rowsOf(await t.database.db.execute(sql.raw(query)));
  }
  return out;
}

const indexesAndTriggers = async () =>
  rowsOf(
    await t.database.db.execute(sql`SELECT c.relname, pg_get_indexdef(x.indexrelid) AS def
      FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('calls', 'cdrs')
      UNION ALL
      SELECT c.relname, t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('calls', 'cdrs', 'recall_items')
      ORDER BY 1, 2`),
  );

let indexesBefore: unknown[];
/** The first tenant's roll-ups as its triggers kept them, before any test rebuilds them. */
let kept: Record<string, unknown[]>;

beforeAll(async () => {
  t = await createTestApp();
  indexesBefore = await indexesAndTriggers();
  const a = await bulkOffice(t);
  byTriggers = a.tenant;
  await buildBulkCalls(t.database, options(a.tenant.domainUuid, a.own, 'triggers'));
  kept = await rollUps(a.tenant.domainUuid);
  const b = await bulkOffice(t);
  byRebuild = b.tenant;
  await buildBulkCalls(t.database, options(b.tenant.domainUuid, b.own, 'rebuild'));
}, 300_000);
afterAll(() => t.close());

describe('bulk calls', () => {
  it('stores every call as the fold of its legs, of every kind and result', async () => {
    const sample = rowsOf<{ call_id: string }>(
      await t.database.db.execute(sql`SELECT call_id FROM (
          SELECT call_id, row_number() OVER (PARTITION BY kind, result ORDER BY call_id) AS n FROM calls
          WHERE domain_uuid = ${byTriggers.domainUuid}) s WHERE n <= 5`),
    );
    const shapes = rowsOf<{ kind: string; result: string }>(
      await t.database.db.execute(
        sql`SELECT DISTINCT kind, result FROM calls WHERE domain_uuid = ${byTriggers.domainUuid}`,
      ),
    );
    // Inbound answered, missed and left in the IVR; outbound answered and failed; internal answered and missed.
    expect(shapes).toHaveLength(7);
    for (const { call_id: callId } of sample) {
      const [stored] = await t.database.db
        .select()
        .from(calls)
        .where(and(eq(calls.domainUuid, byTriggers.domainUuid), eq(calls.callId, callId)))
        .limit(1);
      const refolded = await t.database.db.transaction((tx) =>
        storeCallOf(tx, byTriggers.domainUuid, callId),
      );
      expect(refolded?.call, callId).toEqual(stored);
    }
  });

  it('rebuilds the roll-ups the triggers keep', async () => {
    for (const table of CALL_ROLL_UPS) expect(kept[table]!.length, table).toBeGreaterThan(0);
    await rebuildCallRollUps(t.database, byTriggers.domainUuid);
    expect(await rollUps(byTriggers.domainUuid)).toEqual(kept);
  });

  it('loads without triggers and indexes to the same rows and roll-ups, and puts both back', async () => {
    expect(await rollUps(byRebuild.domainUuid)).toEqual(kept);
    expect(await indexesAndTriggers()).toEqual(indexesBefore);
    const [count] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM cdrs WHERE domain_uuid = ${byRebuild.domainUuid}`,
      ),
    );
    expect(count?.n).toBeGreaterThan(CALLS);
  });
});
