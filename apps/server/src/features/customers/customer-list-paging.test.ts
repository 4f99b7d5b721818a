import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

/** The customer list's keyset paging and its counter (migration 0026). */

let t: TestApp;
let tenantA: string;
let tenantB: string;
let adminA: TestSession;
let adminB: TestSession;
// Three customers share each company name: the order between them is the id's.
const COMPANIES = ['青空商事', '朝日工業', '海風物産', '大地建設', '森林堂'];
const TOTAL = COMPANIES.length * 3;

interface Row {
  customerUuid: string;
  company: string;
}
interface PageBody {
  content: Row[];
  totalElements: number;
  anchor?: string;
}

async function get(session: TestSession, url: string): Promise<unknown> {
  const res = await t.request(session, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const page = (query: string, session = adminA, tenant = tenantA) =>
  get(session, `/api/v1/customer/list/${tenant}?${query}`) as Promise<PageBody>;
/** The whole list in the same order, read with OFFSET 0 (the export's path). */
const offsetOrder = (sort: string) =>
  get(adminA, `/api/v1/customer/list/${tenantA}/export?sort=${sort}`) as Promise<Row[]>;

async function create(session: TestSession, tenant: string, company: string, person: string) {
  const res = await t.request(session, {
    method: 'POST',
    url: '/api/v1/customer',
    payload: { domainUuid: tenant, company, person, numbers: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.build.tenant();
  const b = await t.build.tenant();
  [tenantA, tenantB] = [a.domainUuid, b.domainUuid];
  adminA = await t.login((await t.build.user(a, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  adminB = await t.login((await t.build.user(b, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  for (const [i, company] of COMPANIES.entries()) {
    for (const n of [1, 2, 3]) await create(adminA, tenantA, company, `担当 ${i}-${n}`);
    await create(adminB, tenantB, company, '他社 担当');
  }
});
afterAll(() => t.close());

describe('the customer list at scale', () => {
  it('walks every page by anchors in every order and both directions: the OFFSET order, each once', async () => {
    for (const field of ['kana', 'company', 'person', 'updatedAt']) {
      for (const direction of ['asc', 'desc']) {
        const sort = `${field},${direction}`;
        const expected = (await offsetOrder(sort)).map((c) => c.customerUuid);
        expect(expected).toHaveLength(TOTAL);
        const seen: string[] = [];
        let anchor: string | undefined;
        for (let n = 0; n < Math.ceil(TOTAL / 4); n++) {
          const body = await page(`size=4&page=${n}&sort=${sort}${anchor ? `&anchor=${anchor}` : ''}`);
          expect(body.totalElements).toBe(TOTAL);
          seen.push(...body.content.map((c) => c.customerUuid));
          anchor = body.anchor;
        }
        expect(seen, sort).toEqual(expected);
        // Walking back from the last page's anchor gives the same pages.
        const back = await page(`size=4&page=1&sort=${sort}&anchor=${anchor}`);
        expect(back.content.map((c) => c.customerUuid)).toEqual(expected.slice(4, 8));
      }
    }
    // Jumping to the last page without an anchor reads it backwards from the end: the same rows.
    const expected = (await offsetOrder('company,asc')).map((c) => c.customerUuid);
    const last = await page('size=4&page=3&sort=company,asc');
    expect(last.content.map((c) => c.customerUuid)).toEqual(expected.slice(12));
    expect(await page('size=4&page=4&sort=company,asc')).toMatchObject({ content: [], totalElements: TOTAL });
  });

  it('ignores an anchor naming another tenant’s customers, and refuses a malformed one in Japanese', async () => {
    const theirs = await page('size=4&sort=company,asc', adminB, tenantB);
    expect(theirs.anchor).toBeDefined();
    const forged = await page(`size=4&page=1&sort=company,asc&anchor=${theirs.anchor}`);
    const plain = await page('size=4&page=1&sort=company,asc');
    expect(forged.content).toEqual(plain.content);
    const ours = new Set((await offsetOrder('company,asc')).map((c) => c.customerUuid));
    expect(forged.content.every((c) => ours.has(c.customerUuid))).toBe(true);
    const bad = await t.request(adminA, {
      method: 'GET',
      url: `/api/v1/customer/list/${tenantA}?anchor=${encodeURIComponent("1~4~a~x'--~y")}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('ページの指定が正しくありません。');
  });

  it('keeps searching with OFFSET and a counted total', async () => {
    const found = await page(`q=${encodeURIComponent('朝日')}&size=2&page=1`);
    expect(found.totalElements).toBe(3);
    expect(found.content.map((c) => c.company)).toEqual(['朝日工業']);
    expect(found.anchor).toBeUndefined();
  });

  it('keeps the counter with inserts and deletes', async () => {
    await create(adminA, tenantA, '追加商会', '追加 担当');
    expect((await page('size=20')).totalElements).toBe(TOTAL + 1);
    await t.database.db.execute(sql`DELETE FROM customers WHERE company = '追加商会'`);
    expect((await page('size=20')).totalElements).toBe(TOTAL);
    expect((await page('size=20', adminB, tenantB)).totalElements).toBe(COMPANIES.length);
  });
});
