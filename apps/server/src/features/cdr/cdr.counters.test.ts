import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cdrCounts, cdrs, domains } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { insertCdr, pageWindow } from './cdr.repository';

/** The history totals kept by the triggers of migrations/0008_cdr_counters.sql (0016 took the recall count off them). */

let t: TestApp;
let yamada: TestSession;
let ours: string;
let other: string;
let yamadaExt: string;
let otherExt: string;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
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

const history = (page: number, size = 10, sort = 'DESC') =>
  t.request(yamada, {
    method: 'POST',
    url: `/api/v1/cdr/ext?size=${size}&page=${page}&sort=startStamp,${sort}`,
    payload: { domainUuid: ours, extensionUuid: yamadaExt },
  });

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
    // 23 calls, two of them at the same instant: the order must still be one order from either end.
    for (let i = 0; i < 23; i++) {
      await insertCdr(t.database.db, leg({ startStamp: new Date(base + Math.min(i, 21) * 60_000) }));
    }
  });

  it('reads every page, the last and those read from the far end, in one consistent order', async () => {
    const all = await t.database.db
      .select({ cdrUuid: cdrs.cdrUuid })
      .from(cdrs)
      .where(eq(cdrs.extensionUuid, yamadaExt))
      .orderBy(sql`start_stamp DESC, cdr_uuid ASC`);
    const pages = [];
    for (let p = 0; p < 3; p++) {
      const page = (await history(p)).json().data.page;
      expect(page.totalElements).toBe(23);
      pages.push(...page.content.map((c: { cdrUuid: string }) => c.cdrUuid));
    }
    expect(pages).toEqual(all.map((r) => r.cdrUuid));
    // Size 7: page 2 (rows 14–20) is nearer the end and read backwards; page 3 holds the last two.
    const oldest = (await history(3, 7)).json().data.page.content;
    expect(oldest.map((c: { cdrUuid: string }) => c.cdrUuid)).toEqual(all.slice(21).map((r) => r.cdrUuid));
    const third = (await history(2, 7)).json().data.page.content;
    expect(third.map((c: { cdrUuid: string }) => c.cdrUuid)).toEqual(all.slice(14, 21).map((r) => r.cdrUuid));
    const ascending = (await history(2, 10, 'ASC')).json().data.page.content;
    expect(ascending.map((c: { cdrUuid: string }) => c.cdrUuid)).toEqual(
      all
        .slice(0, 3)
        .map((r) => r.cdrUuid)
        .reverse(),
    );
    const past = (await history(5)).json().data.page;
    expect(past).toMatchObject({ content: [], totalElements: 23 });
  });

  it('pages from the nearer end of the history', () => {
    expect(pageWindow(23, { size: 10, offset: 0 })).toEqual({ offset: 0, limit: 10, reversed: false });
    expect(pageWindow(23, { size: 10, offset: 20 })).toEqual({ offset: 0, limit: 3, reversed: true });
    expect(pageWindow(1_000_000, { size: 10, offset: 999_980 })).toEqual({
      offset: 10,
      limit: 10,
      reversed: true,
    });
    expect(pageWindow(23, { size: 10, offset: 30 })).toBeNull();
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
