import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, recallItems } from '../db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openRecallCount } from './recall-life-cycle';

/** The badge's count kept by the triggers of migrations/0020_recall_counts.sql, against a plain count. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const item = (tenant: string, state: 'open' | 'done' = 'open') => ({
  recallUuid: randomUUID(),
  domainUuid: tenant,
  number: '0312345678',
  numberKey: '0312345678',
  state,
  doneAt: state === 'done' ? new Date() : null,
});

async function counted(tenant: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(recallItems)
    .where(sql`${recallItems.domainUuid} = ${tenant} AND ${recallItems.state} = 'open'`);
  return row!.n;
}

describe('the recall badge count', () => {
  it('follows inserts, closes, reopens and deletes, per tenant, whoever writes the items', async () => {
    const a = await t.build.tenant();
    const b = await t.build.tenant();
    const db = t.database.db;
    const rows = [item(a.domainUuid), item(a.domainUuid), item(a.domainUuid), item(a.domainUuid, 'done')];
    await db.insert(recallItems).values([...rows, item(b.domainUuid)]);
    expect(await openRecallCount(db, a.domainUuid)).toBe(3);
    expect(await openRecallCount(db, b.domainUuid)).toBe(1);

    const [first, second, third, done] = rows.map((r) => r.recallUuid) as [string, string, string, string];
    await db
      .update(recallItems)
      .set({ state: 'done', doneAt: new Date() })
      .where(inArray(recallItems.recallUuid, [first, second]));
    await db.update(recallItems).set({ state: 'open', doneAt: null }).where(eq(recallItems.recallUuid, done));
    await db.update(recallItems).set({ reason: '折り返し希望' }).where(eq(recallItems.recallUuid, third));
    expect(await openRecallCount(db, a.domainUuid)).toBe(2);
    await db.delete(recallItems).where(inArray(recallItems.recallUuid, [third, first]));
    expect(await openRecallCount(db, a.domainUuid)).toBe(1);
    for (const tenant of [a, b]) {
      expect(await openRecallCount(db, tenant.domainUuid)).toBe(await counted(tenant.domainUuid));
    }
  });

  it('is what the badge endpoint answers, and a tenant with no items reads 0', async () => {
    const tenant = await t.build.tenant();
    const user = await t.build.user(tenant);
    const session = await t.login(user.username, FACTORY_PASSWORD);
    const badge = () => t.request(session, { method: 'GET', url: `/api/v1/cdr/recall/${tenant.domainUuid}` });
    expect((await badge()).json().data).toEqual({ count: 0 });
    await t.database.db.insert(recallItems).values([item(tenant.domainUuid), item(tenant.domainUuid)]);
    expect((await badge()).json().data).toEqual({ count: 2 });
  });

  it('lets a tenant with open items be deleted (the cascade lowers a count that is already gone)', async () => {
    const tenant = await t.build.tenant();
    await t.database.db.insert(recallItems).values([item(tenant.domainUuid), item(tenant.domainUuid)]);
    await t.database.db.delete(domains).where(eq(domains.domainUuid, tenant.domainUuid));
    expect(await openRecallCount(t.database.db, tenant.domainUuid)).toBe(0);
  });
});
