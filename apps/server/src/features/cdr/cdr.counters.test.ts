import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, fillPlaceholders, sql, type Query } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cdrCounts, cdrs, domains } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { historyScans, insertCdr } from './cdr.repository';

/** The history totals kept by the triggers of migrations/0008_cdr_counters.sql (0016 took the recall count off them). */

let t: TestApp;
let yamada: TestSession;
let ours: string;
let other: string;
let yamadaExt: string;
let otherExt: string;

beforeAll(async () => {
  t = await createTestApp();
  const [tenant, otherTenant] = [await t.build.tenant(), await t.build.tenant()];
  const ourExtension = await t.build.extension(tenant, { extension: '1001' });
  const user = await t.build.user(tenant, { extensionUuid: ourExtension.extensionUuid });
  [ours, other] = [tenant.domainUuid, otherTenant.domainUuid];
  yamadaExt = ourExtension.extensionUuid;
  otherExt = (await t.build.extension(otherTenant, { extension: '1001' })).extensionUuid;
  yamada = await t.login(user.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(cdrs);
});

const base = Date.UTC(2026, 10, 1);
let legs = 0;
type Leg = Partial<typeof cdrs.$inferInsert>;
function leg(overrides: Leg) {
  legs++;
  return {
    cdrUuid: randomUUID(),
    domainUuid: ours,
    callUuid: `leg-${legs}`,
    extensionUuid: yamadaExt,
    direction: 'inbound' as const,
    callerIdNumber: '0312345678',
    destinationNumber: '1001',
    startStamp: new Date(base + legs * 60_000),
    billsec: 0,
    ...overrides,
  };
}

async function total(domainUuid: string, extensionUuid: string) {
  const [row] = await t.database.db
    .select()
    .from(cdrCounts)
    .where(and(eq(cdrCounts.domainUuid, domainUuid), eq(cdrCounts.extensionUuid, extensionUuid)));
  return row?.calls ?? 0;
}

const history = (page: number, size = 10, sort = 'DESC', anchor?: string) =>
  t.request(yamada, {
    method: 'POST',
    url: `/api/v1/cdr/ext?size=${size}&page=${page}&sort=startStamp,${sort}${anchor ? `&anchor=${encodeURIComponent(anchor)}` : ''}`,
    payload: { domainUuid: ours, extensionUuid: yamadaExt },
  });

/** The plan PostgreSQL makes for a prepared query with these parameter values, as text. */
async function explain(query: Query, values: Record<string, unknown>): Promise<string> {
  const client = (t.database.db as unknown as { $client: RawClient }).$client;
  const result = await client.query(`EXPLAIN ${query.sql}`, fillPlaceholders(query.params, values));
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
}
type RawClient = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> };

describe('history totals', () => {
  it('counts a leg delivered twice once, and a multi-row insert by its rows', async () => {
    const first = leg({});
    expect(await insertCdr(t.database.db, first)).toBe(true);
    expect(await insertCdr(t.database.db, { ...first, cdrUuid: randomUUID() })).toBe(false);
    expect(await total(ours, yamadaExt)).toBe(1);
    // A batch whose rows partly exist already adds only the new ones.
    await t.database.db
      .insert(cdrs)
      .values([{ ...first, cdrUuid: randomUUID() }, leg({}), leg({ callerIdNumber: '0399998888' })])
      .onConflictDoNothing({ target: [cdrs.domainUuid, cdrs.callUuid] });
    expect(await total(ours, yamadaExt)).toBe(3);
  });

  it("keeps another tenant's calls out of this tenant's totals", async () => {
    await insertCdr(t.database.db, leg({}));
    for (let i = 0; i < 3; i++) {
      await insertCdr(
        t.database.db,
        leg({ domainUuid: other, extensionUuid: otherExt, callerIdNumber: `0311110${i}00` }),
      );
    }
    await insertCdr(
      t.database.db,
      leg({
        domainUuid: other,
        extensionUuid: otherExt,
        direction: 'outbound',
        callerIdNumber: '1001',
        destinationNumber: '0312345678',
      }),
    );
    expect(await total(ours, yamadaExt)).toBe(1);
    expect(await total(other, otherExt)).toBe(4);
    const page = (await history(0)).json().data.page;
    expect(page.totalElements).toBe(1);
  });

  it('follows deletes and an extension that is removed', async () => {
    const rows = [leg({}), leg({}), leg({ callerIdNumber: '0399998888' })];
    for (const r of rows) await insertCdr(t.database.db, r);
    await t.database.db.delete(cdrs).where(eq(cdrs.cdrUuid, rows[1]!.cdrUuid));
    expect(await total(ours, yamadaExt)).toBe(2);
    await t.database.db.delete(cdrs).where(eq(cdrs.callerIdNumber, '0399998888'));
    expect(await total(ours, yamadaExt)).toBe(1);
    // Rows moved off the extension (as ON DELETE SET NULL does) leave its total.
    await t.database.db.update(cdrs).set({ extensionUuid: null }).where(eq(cdrs.domainUuid, ours));
    expect(await total(ours, yamadaExt)).toBe(0);
  });
});

describe('history pages', () => {
  beforeEach(async () => {
    // 23 calls, three of them at the same instant: the order must still be one order from either end.
    for (let i = 0; i < 23; i++) {
      await insertCdr(t.database.db, leg({ startStamp: new Date(base + Math.min(i, 20) * 60_000) }));
    }
  });

  const ids = (page: { content: { cdrUuid: string }[] }) => page.content.map((c) => c.cdrUuid);
  const newestFirst = async () =>
    (
      await t.database.db
        .select({ cdrUuid: cdrs.cdrUuid })
        .from(cdrs)
        .where(eq(cdrs.extensionUuid, yamadaExt))
        .orderBy(sql`start_stamp DESC, cdr_uuid DESC`)
    ).map((r) => r.cdrUuid);

  it('reads every page, the last and those read from the far end, in one consistent order', async () => {
    const all = await newestFirst();
    const pages = [];
    for (let p = 0; p < 3; p++) {
      const page = (await history(p)).json().data.page;
      expect(page.totalElements).toBe(23);
      pages.push(...ids(page));
    }
    expect(pages).toEqual(all);
    // Size 7: page 2 (rows 14–20) is nearer the end and read backwards; page 3 holds the last two.
    expect(ids((await history(3, 7)).json().data.page)).toEqual(all.slice(21));
    expect(ids((await history(2, 7)).json().data.page)).toEqual(all.slice(14, 21));
    expect(ids((await history(2, 10, 'ASC')).json().data.page)).toEqual(all.slice(0, 3).reverse());
    const past = (await history(5)).json().data.page;
    expect(past).toMatchObject({ content: [], totalElements: 23 });
    expect(past.anchor).toBeUndefined();
  });

  it.each(['DESC', 'ASC'])(
    'walks %s forwards and backwards from each page it holds: every row once, in order',
    async (sort) => {
      const all = await newestFirst();
      const order = sort === 'DESC' ? all : [...all].reverse();
      const size = 4;
      const pages = Math.ceil(all.length / size);
      let anchor: string | undefined;
      const forwards: string[] = [];
      for (let p = 0; p < pages; p++) {
        const page = (await history(p, size, sort, anchor)).json().data.page;
        expect(page).toMatchObject({ number: p, totalElements: 23 });
        forwards.push(...ids(page));
        anchor = page.anchor;
      }
      expect(forwards).toEqual(order);
      const backwards: string[][] = [];
      for (let p = pages - 1; p >= 0; p--) {
        const page = (await history(p, size, sort, anchor)).json().data.page;
        backwards.unshift(ids(page));
        anchor = page.anchor;
      }
      expect(backwards.flat()).toEqual(order);
      // The pager's jumps: two pages on from the first held, two back from the last.
      const first = (await history(0, size, sort)).json().data.page;
      expect(ids((await history(2, size, sort, first.anchor)).json().data.page)).toEqual(
        order.slice(2 * size, 3 * size),
      );
      const last = (await history(pages - 1, size, sort)).json().data.page;
      expect(ids((await history(pages - 3, size, sort, last.anchor)).json().data.page)).toEqual(
        order.slice((pages - 3) * size, (pages - 2) * size),
      );
    },
  );

  it('continues after the page held when newer calls arrive meanwhile', async () => {
    const all = await newestFirst();
    const first = (await history(0, 5)).json().data.page;
    await insertCdr(t.database.db, leg({ startStamp: new Date(base + 99 * 60_000) }));
    const second = (await history(1, 5, 'DESC', first.anchor)).json().data.page;
    expect(second.totalElements).toBe(24);
    expect(ids(second)).toEqual(all.slice(5, 10));
  });

  it("ignores an anchor naming a deleted row, another tenant's or another extension's row", async () => {
    const all = await newestFirst();
    const foreign = leg({ domainUuid: other, extensionUuid: otherExt, startStamp: new Date(base) });
    await insertCdr(t.database.db, foreign);
    const gone = all[4]!;
    await t.database.db.delete(cdrs).where(eq(cdrs.cdrUuid, gone));
    const rest = all.filter((id) => id !== gone);
    for (const row of [gone, foreign.cdrUuid, randomUUID()]) {
      const page = (await history(1, 5, 'DESC', `0~5~d~${row}~${row}`)).json().data.page;
      expect(ids(page)).toEqual(rest.slice(5, 10));
    }
    // An anchor written for another page size or order, or naming no UUID, counts for nothing either.
    for (const anchor of [`0~4~d~${all[3]}~${all[3]}`, `0~5~a~${all[3]}~${all[3]}`, '0~5~d~x~y']) {
      expect(ids((await history(1, 5, 'DESC', anchor)).json().data.page)).toEqual(rest.slice(5, 10));
    }
  });

  it('refuses a malformed anchor with a message, changing nothing', async () => {
    const res = await history(1, 5, 'DESC', "0~5~d~';drop~x");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('ページの指定が正しくありません。');
  });
});

describe('a deep history page', () => {
  it('is read through the history index from the anchor, never by a scan of the history', async () => {
    // 30,000 calls: enough rows that a sequential scan would be planned if the index could not answer.
    await t.database.runScript(`
      INSERT INTO cdrs (cdr_uuid, domain_uuid, call_uuid, extension_uuid, direction, start_stamp)
      SELECT gen_random_uuid(), '${ours}', 'deep-' || g, '${yamadaExt}', 'inbound',
        timestamptz '2026-01-01' + g * interval '1 minute'
      FROM generate_series(1, 30000) g;
      ANALYZE cdrs;`);
    const mid = (await history(1500, 10)).json().data.page;
    const next = await history(1501, 10, 'DESC', mid.anchor);
    expect(next.json().data.page.content).toHaveLength(10);
    const plan = await explain(historyScans.descAnchor(t.database.db).getQuery(), {
      tenant: ours,
      extension: yamadaExt,
      ownNumber: '1001',
      after: mid.anchor.split('~')[4],
      limit: 10,
      offset: 0,
    });
    expect(plan).toMatch(/Index Only Scan Backward using cdrs_history_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
    // The index condition carries the row comparison: the rows before the anchor are not read.
    expect(plan).toMatch(/Index Cond: .*ROW\(start_stamp, cdr_uuid\) < ROW\(/);
  });
});

describe('history totals after a rebuild', () => {
  it('is rebuilt by the migration backfill from the rows already stored', async () => {
    for (const r of [
      leg({}),
      leg({ callerIdNumber: '0399998888' }),
      leg({ callerIdNumber: '0399998888', billsec: 5 }),
    ]) {
      await insertCdr(t.database.db, r);
    }
    await t.database.db.delete(cdrCounts);
    const migration = readFileSync(
      new URL('../../../migrations/0008_cdr_counters.sql', import.meta.url),
      'utf8',
    );
    // The totals' backfill (the recall numbers it also filled are gone since migration 0016).
    const backfill = migration.slice(migration.indexOf('-- Backfill'));
    await t.database.runScript(backfill.slice(0, backfill.indexOf('INSERT INTO recall_numbers')));
    expect(await total(ours, yamadaExt)).toBe(3);
  });
});

describe('a tenant deleted', () => {
  it('takes its history and counters with it, and leaves the others', async () => {
    await insertCdr(t.database.db, leg({}));
    await insertCdr(t.database.db, leg({ domainUuid: other, extensionUuid: otherExt }));
    await t.database.db.delete(domains).where(eq(domains.domainUuid, other));
    expect(await t.database.db.select().from(cdrCounts).where(eq(cdrCounts.domainUuid, other))).toEqual([]);
    expect(await total(ours, yamadaExt)).toBe(1);
  });
});
