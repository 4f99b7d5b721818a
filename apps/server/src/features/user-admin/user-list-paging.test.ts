import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { walkByAnchor } from '../../testing/keyset-walk';

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
  t = await createTestApp();
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

/** Every page of the list in one order, each read from the previous page's anchor. */
const walk = (sort: string, size = 3) => walkByAnchor(page, (u) => u.userUuid, sort, size);

/** The tenant's users in the order of a key (missing last ascending, first descending), ids breaking ties. */
async function expectedOrder(field: 'extension' | 'lastSignInAt', direction: 'asc' | 'desc') {
  const rows = rowsOf<{ user_uuid: string; extension: string | null; signed_in: string | null }>(
    await t.database.db.execute(sql`
      SELECT u.user_uuid, e.extension, to_char(s.last_sign_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS signed_in
        FROM users u
        LEFT JOIN extensions e ON e.extension_uuid = u.extension_uuid
        LEFT JOIN user_sign_ins s ON s.user_uuid = u.user_uuid
       WHERE u.domain_uuid = ${tenant.domainUuid}`),
  );
  const keyOf = (row: (typeof rows)[number]) => (field === 'extension' ? row.extension : row.signed_in);
  const ascending = rows.sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return a.user_uuid < b.user_uuid ? -1 : 1;
  });
  const ids = ascending.map((row) => row.user_uuid);
  return direction === 'asc' ? ids : ids.reverse();
}

describe('the user list by extension and by last sign-in (keys of migration 0027)', () => {
  let members: PageBody['content'];
  beforeAll(async () => {
    members = (await page('size=100&sort=userNm,asc')).content;
    // Extensions in an order unlike the names' (and a few users without), sign-ins likewise.
    for (const [i, user] of members.slice(0, 8).entries()) {
      const ext = await t.build.extension(tenant, { extension: String(3000 + ((i * 5) % 8)) });
      await t.database.db.execute(
        sql`UPDATE users SET extension_uuid = ${ext.extensionUuid} WHERE user_uuid = ${user.userUuid}`,
      );
    }
    for (const [i, user] of members.slice(3, 10).entries()) {
      await t.database.db.execute(sql`INSERT INTO user_sign_ins (user_uuid, last_sign_in_at)
        VALUES (${user.userUuid}, ${new Date(Date.UTC(2026, 0, 1 + ((i * 3) % 7))).toISOString()})
        ON CONFLICT (user_uuid) DO UPDATE SET last_sign_in_at = EXCLUDED.last_sign_in_at`);
    }
  });

  it('walks every page by anchors in both orders of both keys, as the unpaged order has them', async () => {
    for (const field of ['extension', 'lastSignInAt'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const expected = await expectedOrder(field, direction);
        expect(await walk(`${field},${direction}`)).toEqual(expected);
        // The filtered list (LIMIT/OFFSET) orders by the same keys.
        const filtered = await page(`size=100&enabled=true&sort=${field},${direction}`);
        expect(filtered.content.map((u) => u.userUuid)).toEqual(expected);
        // The last page, read backwards from the end.
        const last = await page(`size=5&page=2&sort=${field},${direction}`);
        expect(last.content.map((u) => u.userUuid)).toEqual(expected.slice(10));
      }
    }
  });

  it('keeps the keys when an extension is renumbered, taken away or deleted, and on a sign-in', async () => {
    const [renumbered, unassigned, deleted] = members;
    await t.database.db.execute(sql`UPDATE extensions SET extension = '2999'
      WHERE extension_uuid = (SELECT extension_uuid FROM users WHERE user_uuid = ${renumbered!.userUuid})`);
    await t.database.db.execute(
      sql`UPDATE users SET extension_uuid = NULL WHERE user_uuid = ${unassigned!.userUuid}`,
    );
    await t.database.db.execute(sql`DELETE FROM extensions
      WHERE extension_uuid = (SELECT extension_uuid FROM users WHERE user_uuid = ${deleted!.userUuid})`);
    const byExtension = await walk('extension,asc');
    expect(byExtension[0]).toBe(renumbered!.userUuid);
    expect(byExtension).toEqual(await expectedOrder('extension', 'asc'));
    await t.login(members[5]!.id, FACTORY_PASSWORD);
    const bySignIn = await walk('lastSignInAt,desc', 4);
    expect(bySignIn).toEqual(await expectedOrder('lastSignInAt', 'desc'));
    expect(bySignIn.indexOf(members[5]!.userUuid)).toBeLessThan(bySignIn.indexOf(members[6]!.userUuid));
  });

  it('reads a page afresh when its anchor row was deleted; another tenant’s anchor bounds nothing', async () => {
    const first = await page('size=3&page=0&sort=extension,asc');
    expect(first.anchor).toBeDefined(); // paged by keyset
    const gone = first.content[2]!.userUuid;
    await t.database.db.execute(sql`DELETE FROM users WHERE user_uuid = ${gone}`);
    const expected = await expectedOrder('extension', 'asc');
    const next = await page(`size=3&page=1&sort=extension,asc&anchor=${first.anchor}`);
    expect(next.content.map((u) => u.userUuid)).toEqual(expected.slice(3, 6));
    expect(next.totalElements).toBe(expected.length);
    const theirs = await page(
      'size=3&sort=lastSignInAt,asc',
      await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD),
      other.domainUuid,
    );
    const forged = await page(`size=3&page=1&sort=lastSignInAt,asc&anchor=${theirs.anchor}`);
    expect(forged.content.map((u) => u.userUuid)).toEqual(
      (await expectedOrder('lastSignInAt', 'asc')).slice(3, 6),
    );
  });

  it('gives a search its total from the page’s own read, also past the end', async () => {
    const all = await page(`q=${encodeURIComponent(' ')}&size=100`);
    expect(all.totalElements).toBe(all.content.length);
    expect(all.totalElements).toBeGreaterThan(4);
    const second = await page(`q=${encodeURIComponent(' ')}&size=2&page=1`);
    expect(second.totalElements).toBe(all.totalElements);
    const beyond = await page(`q=${encodeURIComponent(' ')}&size=2&page=50`);
    expect(beyond).toMatchObject({ content: [], totalElements: all.totalElements });
  });
});
