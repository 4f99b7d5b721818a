import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { domains, extensions, users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { walkByAnchor } from '../../testing/keyset-walk';
import { conditions } from './tenants.repository';

/** The provider's tenant list: keyset paging in every order and counters of users and extensions (0035). */

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
const tenants: Tenant[] = [];
let sp: TestSession;

interface PageBody {
  content: { domainUuid: string; domainName: string; usersUsed: number; extensionsUsed: number }[];
  totalElements: number;
  anchor?: string;
}

async function page(query: string): Promise<PageBody> {
  const res = await t.request(sp, { method: 'GET', url: `/api/v1/domain/list?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as PageBody;
}

/** Every page of the list in one order, each read from the previous page's anchor. */
const walk = (sort: string, size = 3) => walkByAnchor(page, (r) => r.domainUuid, sort, size);

async function row(domainUuid: string) {
  const all = await page('size=100');
  return all.content.find((r) => r.domainUuid === domainUuid);
}

beforeAll(async () => {
  t = await createTestApp();
  const provider = await t.build.tenant();
  const spUser = await t.build.user(provider, { userClass: 'SP' });
  sp = await t.login(spUser.username, FACTORY_PASSWORD);
  for (let i = 0; i < 10; i++) tenants.push(await t.build.tenant());
});
afterAll(() => t.close());

describe('the tenant list by keyset', () => {
  it('walks every page by anchors in every order, as the OFFSET order has them', async () => {
    for (const [field, column] of [
      ['domainName', 'domain_name'],
      ['createdAt', 'created_at'],
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = rowsOf<{ domain_uuid: string }>(
          await t.database.db.execute(
            sql`SELECT domain_uuid FROM domains WHERE deleted_at IS NULL
                ORDER BY ${sql.identifier(column)} ${sql.raw(direction)}, domain_uuid ${sql.raw(direction)}`,
          ),
        ).map((r) => r.domain_uuid);
        expect(await walk(`${field},${direction}`)).toEqual(expected);
        expect(expected.length).toBe(11);
      }
    }
  });

  it('keeps the totals exact as tenants are created at once, deleted, restored and purged', async () => {
    const counted = async () =>
      rowsOf<{ active: number; deleted: number }>(
        await t.database.db.execute(sql`SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int active,
          count(*) FILTER (WHERE deleted_at IS NOT NULL)::int deleted FROM domains`),
      )[0]!;
    const totals = async () => ({
      active: (await page('size=1')).totalElements,
      deleted: (await page('size=1&state=deleted')).totalElements,
    });
    const before = await totals();
    expect(before).toEqual(await counted());
    // Eight creations at once, each its own transaction: none lost, none counted twice.
    const made = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const domainName = `burst${i}.tsunagu.test`;
        const res = await t.request(sp, {
          method: 'POST',
          url: '/api/v1/domain',
          payload: {
            domainName,
            domainDescription: `一斉作成${i}`,
            quotas: { maxUsers: 5, maxExtensions: 3, maxRingGroups: 1, maxIvrMenus: 1, audioMb: 50 },
            admin: { username: `burst${i}owner`, userNm: '管理 太郎' },
            lines: [],
            numbers: [],
          },
        });
        expect(res.statusCode).toBe(200);
        return { domainName, domainUuid: res.json().data.domainUuid as string };
      }),
    );
    expect(await totals()).toEqual({ active: before.active + 8, deleted: before.deleted });
    for (const { domainName, domainUuid } of made.slice(0, 3)) {
      const url = `/api/v1/domain/${domainUuid}?confirm=${encodeURIComponent(domainName)}`;
      expect((await t.request(sp, { method: 'DELETE', url })).statusCode).toBe(200);
    }
    const restore = `/api/v1/domain/${made[0]!.domainUuid}/restore`;
    expect((await t.request(sp, { method: 'POST', url: restore })).statusCode).toBe(200);
    // Disabling changes no total.
    const disable = `/api/v1/domain/${made[3]!.domainUuid}/disable`;
    expect((await t.request(sp, { method: 'POST', url: disable })).statusCode).toBe(200);
    expect(await totals()).toEqual({ active: before.active + 6, deleted: before.deleted + 2 });
    // The purge removes deleted tenants' rows.
    await t.database.db.delete(domains).where(eq(domains.domainUuid, made[1]!.domainUuid));
    expect(await totals()).toEqual({ active: before.active + 6, deleted: before.deleted + 1 });
    expect(await totals()).toEqual(await counted());
  });

  it("counts a search's matches on its first page only and carries the count in its anchors", async () => {
    const made: Tenant[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await t.build.tenant({ domainName: `kazoe-${i}.example.jp`, domainDescription: '数える商事' }),
      );
    const first = await page('q=数える&size=2');
    expect(first.totalElements).toBe(5);
    expect(first.anchor).toMatch(/~5$/);
    // A sixth match appears: the pages read from the anchor keep the count of the first page (nothing is
    // counted again), and walk on the rows as they are now.
    await t.build.tenant({ domainName: 'kazoe-5.example.jp', domainDescription: '数える商事' });
    const second = await page(`q=数える&size=2&page=1&anchor=${encodeURIComponent(first.anchor!)}`);
    expect(second.totalElements).toBe(5);
    expect(second.anchor).toMatch(/~5$/);
    expect(second.content.map((r) => r.domainUuid)).toEqual([made[2]!.domainUuid, made[3]!.domainUuid]);
    // The first page (a new search) counts again; without a search the kept count answers, no anchor total.
    expect((await page('q=数える&size=2')).totalElements).toBe(6);
    const plain = await page('size=2');
    expect(plain.anchor!.split('~')).toHaveLength(5);
  });

  /** The plan of a search's count with sequential scans off (with a few tenants a scan is cheaper). */
  const countPlanWithoutScans = (q: string) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const where = conditions({ q, state: 'active' });
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(sql`EXPLAIN SELECT count(*) FROM ${domains} WHERE ${where}`),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });

  it("can read a search's matches from domains_search_idx (0043), not by reading every tenant", async () => {
    // With scans off, only an expression equal to the index's can still avoid one.
    const plan = await countPlanWithoutScans('kazoe-3.example');
    expect(plan).toContain('domains_search_idx');
    expect(plan).not.toMatch(/Seq Scan/);
    // The search finds a name and a description, any case, and LIKE's characters only as themselves.
    expect((await page('q=KAZOE-3')).totalElements).toBe(1);
    expect((await page('q=数える商事')).totalElements).toBe(6);
    expect((await page('q=kazoe_3')).totalElements).toBe(0);
    expect((await page('q=%25')).totalElements).toBe(0);
  });

  it('reads a one- or two-character search from domains_short_search_idx (0050), exactly as LIKE', async () => {
    await t.build.tenant({ domainName: 'bussan-a.example.jp', domainDescription: '山田物産' });
    await t.build.tenant({ domainName: 'bussan-b.example.jp', domainDescription: '物 産業' });
    const plan = await countPlanWithoutScans('物産');
    expect(plan).toContain('domains_short_search_idx');
    expect(plan).not.toMatch(/Seq Scan/);
    const names = async (q: string) =>
      (await page(`q=${encodeURIComponent(q)}&size=100`)).content.map((r) => r.domainName).sort();
    // Two characters together only (not 物 and 産 apart); one character; any case; a name's part.
    expect(await names('物産')).toEqual(['bussan-a.example.jp']);
    expect(await names('産')).toEqual(['bussan-a.example.jp', 'bussan-b.example.jp']);
    expect(await names('N-B')).toEqual(['bussan-b.example.jp']);
    // LIKE's own characters match only themselves, as in a longer search.
    expect(await names('_')).toEqual([]);
  });

  it('refuses a malformed anchor in Japanese', async () => {
    const res = await t.request(sp, { method: 'GET', url: `/api/v1/domain/list?anchor=x'%3B--` });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/[ぁ-んァ-ン一-龯]/);
  });

  it('keeps each tenant’s users and extensions counted as they are added, moved and deleted', async () => {
    const [a, b] = [tenants[0]!, tenants[1]!];
    const user = await t.build.user(a);
    await t.build.user(a);
    const ext = await t.database.db
      .insert(extensions)
      .values([
        { extensionUuid: crypto.randomUUID(), domainUuid: a.domainUuid, extension: '9101', passwordEnc: 'x' },
        { extensionUuid: crypto.randomUUID(), domainUuid: a.domainUuid, extension: '9102', passwordEnc: 'x' },
      ])
      .returning({ extensionUuid: extensions.extensionUuid });
    const before = (await row(a.domainUuid))!;
    expect(before).toMatchObject({ usersUsed: 2, extensionsUsed: 2 });
    await t.database.db
      .update(extensions)
      .set({ domainUuid: b.domainUuid })
      .where(eq(extensions.extensionUuid, ext[0]!.extensionUuid));
    expect(await row(a.domainUuid)).toMatchObject({ usersUsed: 2, extensionsUsed: 1 });
    expect(await row(b.domainUuid)).toMatchObject({ usersUsed: 0, extensionsUsed: 1 });
    await t.database.db.delete(users).where(eq(users.userUuid, user.userUuid));
    await t.database.db.delete(extensions).where(eq(extensions.extensionUuid, ext[1]!.extensionUuid));
    expect(await row(a.domainUuid)).toMatchObject({ usersUsed: 1, extensionsUsed: 0 });
    const counted = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int n FROM extension_counts WHERE domain_uuid = ${b.domainUuid}`,
      ),
    );
    expect(counted[0]!.n).toBe(1);
    await t.database.db.execute(sql`DELETE FROM domains WHERE domain_uuid = ${b.domainUuid}`);
    const gone = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int n FROM extension_counts WHERE domain_uuid = ${b.domainUuid}`,
      ),
    );
    expect(gone[0]!.n).toBe(0);
  });
});
