import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

/** The user list's keyset paging, counter and trigram search (migration 0021). */

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let cp: TestSession;
let cpName: string;
const NAMES = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田'];

interface PageBody {
  content: { userUuid: string; id: string; userNm: string }[];
  totalElements: number;
  anchor?: string;
}

async function page(query: string, session = cp, domain = tenant.domainUuid): Promise<PageBody> {
  const res = await t.request(session, { method: 'GET', url: `/api/v1/user/list/${domain}?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as PageBody;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  tenant = await t.build.tenant();
  other = await t.build.tenant();
  const admin = await t.build.user(tenant, { userClass: 'CP' });
  cpName = admin.username;
  cp = await t.login(admin.username, FACTORY_PASSWORD);
  for (const [i, name] of NAMES.entries()) {
    await t.build.user(tenant, { userNm: `${name} ${i}` });
    await t.build.user(other, { userNm: `${name} 他` });
  }
});
afterAll(() => t.close());

describe('the user list at scale', () => {
  it('walks every page by anchors in both orders, each user once, with the counter’s total', async () => {
    const everyone = await page('size=100&sort=userNm,asc');
    expect(everyone.totalElements).toBe(NAMES.length + 1);
    for (const direction of ['asc', 'desc']) {
      const seen: string[] = [];
      let anchor: string | undefined;
      for (let n = 0; n < 4; n++) {
        const body = await page(
          `size=3&page=${n}&sort=userNm,${direction}${anchor ? `&anchor=${anchor}` : ''}`,
        );
        expect(body.totalElements).toBe(NAMES.length + 1);
        seen.push(...body.content.map((u) => u.userUuid));
        anchor = body.anchor;
      }
      const expected = everyone.content.map((u) => u.userUuid);
      expect(seen).toEqual(direction === 'asc' ? expected : [...expected].reverse());
    }
    // Jumping to the last page reads it backwards from the end: the same rows.
    const last = await page('size=3&page=3&sort=userNm,asc');
    expect(last.content.map((u) => u.userUuid)).toEqual(everyone.content.slice(9).map((u) => u.userUuid));
  });

  it('ignores an anchor naming another tenant’s user, and refuses a malformed one', async () => {
    const theirs = await page(
      'size=3&sort=id,asc',
      await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD),
      other.domainUuid,
    );
    const forged = await page(`size=3&page=1&sort=id,asc&anchor=${theirs.anchor}`);
    const plain = await page('size=3&page=1&sort=id,asc');
    expect(forged.content).toEqual(plain.content);
    const bad = await t.request(cp, {
      method: 'GET',
      url: `/api/v1/user/list/${tenant.domainUuid}?anchor=x'%3B--`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the counter with inserts and deletes', async () => {
    const extra = await t.build.user(tenant, { userNm: '追加 利用者' });
    expect((await page('size=20')).totalElements).toBe(NAMES.length + 2);
    await t.database.db.execute(sql`DELETE FROM users WHERE user_uuid = ${extra.userUuid}`);
    expect((await page('size=20')).totalElements).toBe(NAMES.length + 1);
  });

  it('searches names, furigana, IDs and e-mail case-insensitively within the tenant only', async () => {
    const found = await page(`q=${encodeURIComponent('田中')}`);
    expect(found.content.map((u) => u.userNm)).toEqual(['田中 3']);
    expect(found.totalElements).toBe(1);
    const none = await page(`q=${encodeURIComponent('他')}`);
    expect(none.content).toEqual([]);
    const ones = await page('q=' + encodeURIComponent(' 1'));
    const names = ones.content.map((u) => u.userNm);
    expect(names).toEqual(expect.arrayContaining(['鈴木 1', '吉田 10']));
    const upper = await page('q=' + encodeURIComponent(cpName.toUpperCase()));
    expect(upper.content.map((u) => u.id)).toContain(cpName);
  });

  it('serves the search from the trigram index', async () => {
    await t.database.db.execute(sql`SET enable_seqscan = off`);
    const plan = rowsOf<Record<string, string>>(
      await t.database.db.execute(
        sql`EXPLAIN SELECT user_uuid FROM users s WHERE lower(s.username || E'\\x1f' || s.user_nm || E'\\x1f' || s.user_kana || E'\\x1f' || s.email) LIKE lower('%田中%')`,
      ),
    )
      .map((row) => Object.values(row)[0])
      .join('\n');
    await t.database.db.execute(sql`RESET enable_seqscan`);
    expect(plan).toContain('users_search_idx');
  });
});
