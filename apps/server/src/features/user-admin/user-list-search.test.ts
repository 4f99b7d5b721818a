import { USER_SORT_FIELDS, type ManagedUser } from '@tsunagu/contract/admin/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

/** The user list's searches and filters: prepared reads and their indexes (migration 0042). */

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let cp: TestSession;
let adminUuid: string;

interface PageBody {
  content: ManagedUser[];
  totalElements: number;
}

async function page(query: string): Promise<PageBody> {
  const res = await t.request(cp, { method: 'GET', url: `/api/v1/user/list/${tenant.domainUuid}?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as PageBody;
}

const NAMES = ['営業 一郎', '営業 二郎', '総務 花子', '経理 太郎', '営業 三郎', '開発 次郎', '総務 秋子'];
const KANA = ['えいぎょう', 'えいぎょう', 'そうむ', 'けいり', 'えいぎょう', 'かいはつ', 'そうむ'];

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.build.tenant();
  const other = await t.build.tenant();
  const admin = await t.build.user(tenant, { userClass: 'CP' });
  adminUuid = admin.userUuid;
  cp = await t.login(admin.username, FACTORY_PASSWORD);
  for (const [i, userNm] of NAMES.entries()) {
    // Extensions 3100, 3111, …: unlike the names' order; every third user has none.
    const ext =
      i % 3 === 2 ? null : await t.build.extension(tenant, { extension: String(3100 + ((i * 11) % 60)) });
    const user = await t.build.user(tenant, {
      userNm,
      userKana: KANA[i],
      userClass: i === 4 ? 'CP' : 'USER',
      enabled: i % 2 === 0,
      extensionUuid: ext?.extensionUuid ?? null,
    });
    if (i % 3 !== 1)
      await t.database.db.execute(sql`INSERT INTO user_sign_ins (user_uuid, last_sign_in_at)
        VALUES (${user.userUuid}, ${new Date(Date.UTC(2026, 0, 1 + ((i * 5) % 7))).toISOString()})`);
    // The same names in another tenant: never found here.
    await t.build.user(other, { userNm, userKana: KANA[i] });
  }
});
afterAll(() => t.close());

/** What a search finds, decided here from the whole list's rows (ID, name, furigana, e-mail, extension). */
const finds = (q: string) => (u: ManagedUser) =>
  [u.id, u.userNm, u.userKana, u.email].some((text) => text.toLowerCase().includes(q.toLowerCase())) ||
  (u.extension ?? '').includes(q);

describe('the user list searched and filtered', () => {
  it('gives every order of a search, a filter and both the whole list’s order of the matching users', async () => {
    const cases: [string, (u: ManagedUser) => boolean][] = [
      [`q=${encodeURIComponent('営業')}`, finds('営業')],
      ['q=31', finds('31')],
      ['enabled=false', (u) => !u.enabled],
      ['enabled=true', (u) => u.enabled],
      [`q=${encodeURIComponent('そうむ')}&enabled=true`, (u) => u.enabled && finds('そうむ')(u)],
    ];
    for (const field of USER_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const whole = (await page(`size=100&sort=${field},${direction}`)).content;
        for (const [query, matches] of cases) {
          const expected = whole.filter(matches);
          expect(expected.length).toBeGreaterThan(0);
          const found = await page(`size=100&sort=${field},${direction}&${query}`);
          expect(
            found.content.map((u) => u.userUuid),
            `${field},${direction} ${query}`,
          ).toEqual(expected.map((u) => u.userUuid));
          expect(found.totalElements).toBe(expected.length);
          // The second page of two rows: the same order, by OFFSET, with the same total.
          const second = await page(`size=2&page=1&sort=${field},${direction}&${query}`);
          expect(second.content.map((u) => u.userUuid)).toEqual(expected.slice(2, 4).map((u) => u.userUuid));
          expect(second.totalElements).toBe(expected.length);
        }
      }
    }
  });

  it('pages the enabled and the disabled users by keyset whichever side is larger, by anchor too', async () => {
    // With four more disabled users most are disabled (keyset walk) and the enabled few (their matches
    // sorted); then, every user but the admin turned round, the other way: the same answers either way.
    const extra = await Promise.all(
      ['無効 一', '無効 二', '無効 三', '無効 四'].map((userNm) =>
        t.build.user(tenant, { userNm, enabled: false }),
      ),
    );
    const sides = async () => {
      // Every order, each in one direction (both directions among them), to keep the test short.
      for (const [i, field] of USER_SORT_FIELDS.entries()) {
        {
          const direction = i % 2 === 0 ? 'asc' : 'desc';
          const whole = (await page(`size=100&sort=${field},${direction}`)).content;
          for (const enabled of [true, false]) {
            const expected = whole.filter((u) => u.enabled === enabled).map((u) => u.userUuid);
            const query = `sort=${field},${direction}&enabled=${enabled}&size=2`;
            // Forwards by each page's anchor, then the last page by number alone (read from the end).
            let anchor: string | undefined;
            for (let n = 0; n * 2 < expected.length; n++) {
              const got = await t.request(cp, {
                method: 'GET',
                url: `/api/v1/user/list/${tenant.domainUuid}?${query}&page=${n}${anchor ? `&anchor=${anchor}` : ''}`,
              });
              const body = got.json().data as PageBody & { anchor?: string };
              expect(
                body.content.map((u) => u.userUuid),
                `${query} page ${n}`,
              ).toEqual(expected.slice(n * 2, n * 2 + 2));
              expect(body.totalElements).toBe(expected.length);
              anchor = body.anchor;
            }
            const last = Math.ceil(expected.length / 2) - 1;
            const end = await page(`${query}&page=${last}`);
            expect(end.content.map((u) => u.userUuid)).toEqual(expected.slice(last * 2));
          }
        }
      }
    };
    await sides();
    await t.database.db.execute(
      sql`UPDATE users SET enabled = NOT enabled WHERE domain_uuid = ${tenant.domainUuid} AND user_uuid <> ${adminUuid}`,
    );
    try {
      await sides();
    } finally {
      await t.database.db.execute(
        sql`UPDATE users SET enabled = NOT enabled WHERE domain_uuid = ${tenant.domainUuid} AND user_uuid <> ${adminUuid}`,
      );
      for (const user of extra)
        await t.database.db.execute(sql`DELETE FROM users WHERE user_uuid = ${user.userUuid}`);
    }
  });

  it('finds by each text anew when its statement is reused, taking LIKE’s characters literally', async () => {
    // More runs of one prepared read than PostgreSQL plans afresh (5) before it may keep a generic plan.
    for (const q of ['営業', '一郎', 'けいり', '3100', '花', 'そう', '営業 三', '%', '_', '営%']) {
      const whole = (await page('size=100&sort=id,asc')).content;
      const found = await page(`size=100&sort=id,asc&q=${encodeURIComponent(q)}`);
      expect(
        found.content.map((u) => u.userUuid),
        q,
      ).toEqual(whole.filter(finds(q)).map((u) => u.userUuid));
    }
  });

  it('counts a search on every page: a user added between two pages is in the second page’s total', async () => {
    const query = `sort=userNm,asc&size=2&q=${encodeURIComponent('営業')}`;
    const first = await page(`${query}&page=0`);
    const added = await t.build.user(tenant, { userNm: '営業 四郎', userKana: 'えいぎょう' });
    const second = await page(`${query}&page=1`);
    expect(second.totalElements).toBe(first.totalElements + 1);
    const all = await page(`sort=userNm,asc&size=100&q=${encodeURIComponent('営業')}`);
    expect(all.content.map((u) => u.userUuid)).toContain(added.userUuid);
    expect(all.totalElements).toBe(second.totalElements);
    await t.database.db.execute(sql`DELETE FROM users WHERE user_uuid = ${added.userUuid}`);
    // Past the end: no row carries the count, so it is counted apart.
    const beyond = await page(`${query}&page=40`);
    expect(beyond).toMatchObject({ content: [], totalElements: first.totalElements });
  });

  it('serves the extension half of a search and the disabled filter from their indexes', async () => {
    const planOf = async (query: ReturnType<typeof sql>) => {
      await t.database.db.execute(sql`SET enable_seqscan = off`);
      try {
        return rowsOf<Record<string, string>>(await t.database.db.execute(sql`EXPLAIN ${query}`))
          .map((row) => Object.values(row)[0])
          .join('\n');
      } finally {
        await t.database.db.execute(sql`RESET enable_seqscan`);
      }
    };
    expect(await planOf(sql`SELECT extension_uuid FROM extensions WHERE extension LIKE '%310%'`)).toContain(
      'extensions_number_search_idx',
    );
    expect(
      await planOf(sql`SELECT user_uuid FROM users WHERE domain_uuid = ${tenant.domainUuid} AND NOT enabled`),
    ).toContain('users_disabled_idx');
  });
});
