import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/migrate';
import { recallItems } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { walkByAnchor } from '../../testing/keyset-walk';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

/**
 * The recall list by keyset (issue 16): every scope, state and order walked page by page from anchors
 * gives the rows the OFFSET order gives; totals come from the counters of 0038 and follow stored calls.
 */

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let t: TestApp;
let office: Tenant;
let other: Tenant;
let yamada: TestSession;
let adminB: TestSession;
let yamadaUuid: string;
let suzukiUuid: string;
let salesGroup: string;
let supportGroup: string;

interface PageBody {
  content: { recallUuid: string; number: string }[];
  totalElements: number;
  anchor?: string;
}

async function page(session: TestSession, query: string, tenant = office.domainUuid): Promise<PageBody> {
  const res = await t.request(session, { method: 'GET', url: `/api/v1/recall/${tenant}?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as PageBody;
}

const HOUR = 3_600_000;
const BASE = Date.parse('2026-11-01T00:00:00Z');

/** Items of a tenant with ties in every key, every kind of assignee, open and done, due or not. */
async function items(tenant: Tenant, n: number, assignees: { user?: string; group?: string }[]) {
  const rows = Array.from({ length: n }, (_, i) => {
    const to = assignees[i % assignees.length]!;
    const done = i % 5 === 4;
    return {
      recallUuid: randomUUID(),
      domainUuid: tenant.domainUuid,
      number: `03000000${i % 5}`,
      numberKey: `03000000${i % 5}`,
      assigneeUserUuid: to.user ?? null,
      assigneeGroupUuid: to.group ?? null,
      // A third with no due time; past and future ones, with ties.
      dueAt: i % 3 === 0 ? null : new Date(BASE + ((i % 6) - 3) * 24 * HOUR + 400 * 24 * HOUR * (i % 2)),
      createdAt: new Date(BASE + Math.floor(i / 3) * HOUR),
      state: done ? ('done' as const) : ('open' as const),
      doneAt: done ? new Date(BASE + 1000 * HOUR) : null,
    };
  });
  await t.database.db.insert(recallItems).values(rows);
}

const COLUMNS = { createdAt: 'created_at', dueAt: 'due_at', number: 'number' } as const;
const SCOPES = ['all', 'mine', 'groups'] as const;

/** The rows the filter selects in the order OFFSET paging read them (PostgreSQL's default NULLS). */
async function expected(
  scope: (typeof SCOPES)[number],
  state: 'open' | 'done',
  overdue: boolean,
  field: keyof typeof COLUMNS,
  direction: 'asc' | 'desc',
): Promise<string[]> {
  const scoped: SQL =
    scope === 'mine'
      ? sql`AND assignee_user_uuid = ${yamadaUuid}`
      : scope === 'groups'
        ? sql`AND (assignee_user_uuid = ${yamadaUuid} OR assignee_group_uuid IN (${salesGroup}, ${supportGroup}))`
        : sql``;
  const rows = rowsOf<{ recall_uuid: string }>(
    await t.database.db.execute(sql`SELECT recall_uuid FROM recall_items
      WHERE domain_uuid = ${office.domainUuid} AND state = ${state} ${scoped}
        ${overdue ? sql`AND due_at < now()` : sql``}
      ORDER BY ${sql.identifier(COLUMNS[field])} ${sql.raw(direction)}, recall_uuid ${sql.raw(direction)}`),
  );
  return rows.map((r) => r.recall_uuid);
}

beforeAll(async () => {
  t = await createTestApp();
  office = await t.build.tenant();
  const yamadaUser = await t.build.user(office, { userNm: '山田 太郎' });
  const suzukiUser = await t.build.user(office, { userNm: '鈴木 花子' });
  yamadaUuid = yamadaUser.userUuid;
  suzukiUuid = suzukiUser.userUuid;
  salesGroup = (await t.build.userGroup(office, [yamadaUser], { name: '営業部' })).userGroupUuid;
  supportGroup = (await t.build.userGroup(office, [yamadaUser, suzukiUser], { name: '保守' })).userGroupUuid;
  // A group Yamada is not in: "my groups" leaves its items out.
  const billingGroup = (await t.build.userGroup(office, [suzukiUser], { name: '経理' })).userGroupUuid;
  other = await t.build.tenant();
  const otherAdmin = await t.build.user(other, { userClass: 'CP' });
  await items(office, 40, [{ user: yamadaUuid }, { group: salesGroup }, {}, { user: suzukiUuid }]);
  await items(office, 20, [{ group: supportGroup }, { group: billingGroup }]);
  await items(other, 12, [{}, { user: otherAdmin.userUuid }]);
  yamada = await t.login(yamadaUser.username, FACTORY_PASSWORD);
  adminB = await t.login(otherAdmin.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

describe('the recall list by keyset', () => {
  it('walks every page by anchors in every scope, state and order, as the OFFSET order has them', async () => {
    let walked = 0;
    for (const scope of SCOPES)
      for (const state of ['open', 'done'] as const)
        for (const field of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
          for (const direction of ['asc', 'desc'] as const) {
            const filter = `scope=${scope}&state=${state}`;
            const want = await expected(scope, state, false, field, direction);
            const got = await walkByAnchor(
              (query) => page(yamada, `${query}&${filter}`),
              (r) => r.recallUuid,
              `${field},${direction}`,
            );
            expect(got, `${filter} ${field},${direction}`).toEqual(want);
            expect((await page(yamada, `${filter}&size=3`)).totalElements).toBe(want.length);
            walked += want.length;
          }
    // Every scope had rows to walk: 48 open and 12 done; 10 of them Yamada's, 30 his or his two groups'.
    expect(walked).toBe((60 + 10 + 30) * 6);
  });

  it('reads pages backwards from the anchor of the page after, and the last page without one', async () => {
    const want = await expected('all', 'open', false, 'dueAt', 'asc');
    const at = (n: number, anchor?: string) =>
      page(yamada, `size=4&page=${n}&sort=dueAt,asc${anchor ? `&anchor=${anchor}` : ''}`);
    const last = Math.ceil(want.length / 4) - 1;
    let body = await at(last);
    const seen = [...body.content.map((r) => r.recallUuid)];
    for (let n = last - 1; n >= 0; n--) {
      body = await at(n, body.anchor);
      seen.unshift(...body.content.map((r) => r.recallUuid));
    }
    expect(seen).toEqual(want);
  });

  it('pages overdue items in every scope, counted on the due-time indexes', async () => {
    for (const scope of SCOPES)
      for (const direction of ['asc', 'desc'] as const) {
        const want = await expected(scope, 'open', true, 'dueAt', direction);
        expect(want.length).toBeGreaterThan(scope === 'mine' ? 0 : 3);
        const got = await walkByAnchor(
          (query) => page(yamada, `${query}&overdue=true&scope=${scope}`),
          (r) => r.recallUuid,
          `dueAt,${direction}`,
          2,
        );
        expect(got, `${scope} ${direction}`).toEqual(want);
        expect((await page(yamada, `overdue=true&scope=${scope}`)).totalElements).toBe(want.length);
      }
  });

  it('counts overdue items on the first page only and carries the count in the anchors', async () => {
    const want = await expected('all', 'open', true, 'dueAt', 'asc');
    const first = await page(yamada, 'overdue=true&size=2&page=0&sort=dueAt,asc');
    expect(first.totalElements).toBe(want.length);
    expect(first.anchor).toMatch(new RegExp(`~${want.length}$`));
    // A later page takes the total from the anchor (a forged one shows it was not counted again).
    const forged = first.anchor!.replace(/~\d+$/, '~99');
    const second = await page(yamada, `overdue=true&size=2&page=1&sort=dueAt,asc&anchor=${forged}`);
    expect([second.totalElements, second.content.map((r) => r.recallUuid)]).toEqual([99, want.slice(2, 4)]);
    // The first page counts again; a list with a kept counter never takes a total from an anchor.
    const again = await page(yamada, `overdue=true&size=2&page=0&sort=dueAt,asc&anchor=${second.anchor}`);
    expect(again.totalElements).toBe(want.length);
    const open = await page(yamada, 'size=2&page=0&sort=dueAt,asc');
    expect(open.anchor).not.toMatch(/~\d+$/);
  });

  it('jumps pages ahead and back from an anchor in "mine" and "my groups", every order', async () => {
    for (const scope of ['mine', 'groups'] as const)
      for (const field of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
        for (const direction of ['asc', 'desc'] as const) {
          const want = await expected(scope, 'open', false, field, direction);
          const at = (n: number, anchor?: string) =>
            page(
              yamada,
              `scope=${scope}&size=1&page=${n}&sort=${field},${direction}${anchor ? `&anchor=${anchor}` : ''}`,
            );
          const ids = (body: PageBody) => body.content.map((r) => r.recallUuid);
          // From page 1's anchor to the middle page and from the one before last back to it: the anchor
          // is nearer than either end, so each read skips rows in every merged range.
          const middle = Math.floor(want.length / 2);
          expect(middle, scope).toBeGreaterThan(2);
          const ahead = await at(middle, (await at(1)).anchor);
          expect(ids(ahead), `${scope} ${field},${direction}`).toEqual([want[middle]]);
          const back = await at(middle, (await at(want.length - 2)).anchor);
          expect(ids(back), `${scope} ${field},${direction}`).toEqual([want[middle]]);
        }
  });

  it('keeps the totals right as calls open and close items, and as items are closed and assigned', async () => {
    const total = async (query: string) => (await page(yamada, query)).totalElements;
    const [open, done, mine] = [await total(''), await total('state=done'), await total('scope=mine')];
    const start = new Date(Date.now() - 60_000);
    const leg = {
      callerIdNumber: '09055556666',
      destinationNumber: '0312345678',
      startStamp: start,
      endStamp: new Date(start.getTime() + 30_000),
      answerStamp: null,
      billsec: 0,
      bridged: false,
      hangupCause: 'ORIGINATOR_CANCEL',
      endedIn: 'ivr' as const,
    };
    // A caller gave up in the IVR: an item opens.
    await t.build.foldedCall(office, [{ ...leg, answerStamp: start, originating: true }]);
    expect([await total(''), await total('state=done')]).toEqual([open + 1, done]);
    const [item] = (await page(yamada, 'sort=createdAt,desc')).content;
    expect(item!.number).toBe('09055556666');
    // Assigned to Yamada: his own list counts it.
    await t.request(yamada, {
      method: 'POST',
      url: '/api/v1/recall/bulk',
      payload: { recallUuids: [item!.recallUuid], action: 'assign', assigneeUserUuid: yamadaUuid },
    });
    expect(await total('scope=mine')).toBe(mine + 1);
    // The number called back and answered: the item closes.
    const later = new Date(start.getTime() + 40_000);
    const answered = {
      ...leg,
      startStamp: later,
      answerStamp: later,
      endStamp: new Date(later.getTime() + 10_000),
      billsec: 10,
      bridged: true,
      hangupCause: 'NORMAL_CLEARING',
      endedIn: '' as const,
    };
    const extension = await t.build.extension(office);
    await t.build.foldedCall(office, [
      { ...answered, originating: true },
      { ...answered, originating: false, extensionUuid: extension!.extensionUuid },
    ]);
    expect([await total(''), await total('state=done'), await total('scope=mine')]).toEqual([
      open,
      done + 1,
      mine,
    ]);
    const counted = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int n FROM recall_items
        WHERE domain_uuid = ${office.domainUuid} AND state = 'done'`),
    );
    expect(counted[0]!.n).toBe(done + 1);
  });

  it('shows another tenant none of our rows, even from an anchor naming them, and lets it change none', async () => {
    const ours = await page(yamada, 'size=3');
    const theirs = await walkByAnchor(
      (query) => page(adminB, query, other.domainUuid),
      (r) => r.recallUuid,
      'createdAt,desc',
    );
    expect(theirs).toHaveLength(10);
    expect(theirs.some((id) => ours.content.some((r) => r.recallUuid === id))).toBe(false);
    // Our page's anchor sent with their list bounds nothing: their page 1 is read as without it.
    const forged = await page(
      adminB,
      `size=3&page=1&sort=createdAt,desc&anchor=${ours.anchor}`,
      other.domainUuid,
    );
    expect(forged.content.map((r) => r.recallUuid)).toEqual(theirs.slice(3, 6));
    expect(forged.totalElements).toBe(10);
    const id = ours.content[0]!.recallUuid;
    const close = await t.request(adminB, { method: 'POST', url: `/api/v1/recall/${id}/done` });
    expect(close.statusCode).toBe(404);
    const bulk = await t.request(adminB, {
      method: 'POST',
      url: '/api/v1/recall/bulk',
      payload: { recallUuids: [id], action: 'close' },
    });
    expect(bulk.json().data).toEqual({ updated: 0 });
    expect((await page(yamada, 'size=3')).totalElements).toBe(ours.totalElements);
  });

  it('refuses a malformed anchor in Japanese', async () => {
    const res = await t.request(yamada, {
      method: 'GET',
      url: `/api/v1/recall/${office.domainUuid}?anchor=x'%3B--`,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/[ぁ-んァ-ン一-龯]/);
  });

  it('drops a deleted tenant’s counts with it', async () => {
    const gone = await t.build.tenant();
    const user = await t.build.user(gone);
    await items(gone, 4, [{ user: user.userUuid }, {}]);
    await t.database.db.execute(sql`DELETE FROM domains WHERE domain_uuid = ${gone.domainUuid}`);
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int n FROM recall_item_counts WHERE domain_uuid = ${gone.domainUuid}`,
      ),
    );
    expect(left[0]!.n).toBe(0);
  });
});
