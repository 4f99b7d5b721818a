import { menuConfig, topics, type RecallItem } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recallItems } from '../../platform/db/schema';
import { createMemoryBus } from '../../platform/realtime';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type Extension = Awaited<ReturnType<TestApp['build']['extension']>>;

const bus = createMemoryBus();
let t: TestApp;
let office: Tenant;
let other: string;
let yamada: TestSession;
let suzuki: TestSession;
let adminB: TestSession;
let noCustomers: TestSession;
const uuidOf: Record<string, string> = {};
let salesGroup: string;
let otherGroup: string;
const published: string[] = [];

const GROUP_CALLER = '09011112222'; // rang two phones, nobody took it
const IVR_CALLER = '0487654321'; // gave up in the IVR

/** An incoming call from `from` that rang the extensions; `talked` seconds if one answered. */
async function incoming(from: string, rang: Extension[], more: { talked?: number; endedIn?: 'ivr' } = {}) {
  const start = new Date(Date.now() - 60_000);
  const talked = more.talked ?? 0;
  const leg = {
    callerIdNumber: from,
    destinationNumber: '0312345678',
    startStamp: start,
    answerStamp: talked > 0 || more.endedIn ? start : null,
    endStamp: new Date(start.getTime() + 30_000),
    billsec: talked,
    bridged: talked > 0,
    hangupCause: talked > 0 ? 'NORMAL_CLEARING' : 'ORIGINATOR_CANCEL',
    endedIn: more.endedIn ?? ('' as const),
  };
  await t.build.foldedCall(office, [
    { ...leg, originating: true },
    ...rang.map((e, i) => ({
      ...leg,
      originating: false,
      extensionUuid: e.extensionUuid,
      bridged: i === 0 && talked > 0,
    })),
  ]);
}

// An office of its own: Yamada and Suzuki in 営業部, three missed calls (an anonymous one opens no item)
// and an answered one; another tenant with its administrator and a group of its own.
beforeAll(async () => {
  t = await createTestApp({ deps: { bus } });
  office = await t.build.tenant();
  const [e1, e2] = [await t.build.extension(office), await t.build.extension(office)];
  const staff = {
    yamada: await t.build.user(office, { userNm: '山田 太郎', extensionUuid: e1!.extensionUuid }),
    suzuki: await t.build.user(office, { userNm: '鈴木 花子', extensionUuid: e2!.extensionUuid }),
  };
  salesGroup = (await t.build.userGroup(office, [staff.yamada, staff.suzuki], { name: '営業部' }))
    .userGroupUuid;
  const otherTenant = await t.build.tenant();
  other = otherTenant.domainUuid;
  const otherAdmin = await t.build.user(otherTenant, { userClass: 'CP' });
  otherGroup = (await t.build.userGroup(otherTenant, [otherAdmin])).userGroupUuid;
  uuidOf.suzuki = staff.suzuki.userUuid;
  uuidOf.adminB = otherAdmin.userUuid;

  await incoming(GROUP_CALLER, [e1!, e2!]);
  await incoming(IVR_CALLER, [], { endedIn: 'ivr' });
  await incoming('Anonymous', [e1!]);
  await incoming('0312340001', [e1!], { talked: 120 });

  yamada = await t.login(staff.yamada.username, FACTORY_PASSWORD);
  suzuki = await t.login(staff.suzuki.username, FACTORY_PASSWORD);
  adminB = await t.login(otherAdmin.username, FACTORY_PASSWORD);
  // A staff user whose menu hides the customer section (2100, 2200): no recall list.
  const blind = await t.build.user(office, { menu: menuConfig([2100, 2200, 2300]) });
  noCustomers = await t.login(blind.username, FACTORY_PASSWORD);
  await bus.subscribe(topics.recall(office.domainUuid), (body) => published.push(body));
});
afterAll(async () => {
  await t.close();
  await bus.close();
});

const list = (session: TestSession, query = '', tenant = office.domainUuid) =>
  t.request(session, { method: 'GET', url: `/api/v1/recall/${tenant}?${query}` });
const create = (session: TestSession, payload: Record<string, unknown>) =>
  t.request(session, { method: 'POST', url: '/api/v1/recall', payload });
const done = (session: TestSession, id: string) =>
  t.request(session, { method: 'POST', url: `/api/v1/recall/${id}/done` });
const bulk = (session: TestSession, payload: Record<string, unknown>) =>
  t.request(session, { method: 'POST', url: '/api/v1/recall/bulk', payload });
const badge = async (session: TestSession) =>
  (await t.request(session, { method: 'GET', url: `/api/v1/cdr/recall/${office.domainUuid}` })).json().data
    .count as number;
const contentOf = (res: { json(): { data: { content: RecallItem[] } } }) => res.json().data.content;
const itemRow = async (id: string) =>
  (await t.database.db.select().from(recallItems).where(eq(recallItems.recallUuid, id)))[0]!;

describe('the recall list', () => {
  it('lists the open items the missed calls made (one per call), newest first', async () => {
    const res = await list(yamada);
    expect(res.statusCode).toBe(200);
    const items = contentOf(res);
    // Two phones nobody answered and a caller who gave up in the IVR (Anonymous and the answered call have none).
    expect(items.map((i) => i.number).sort()).toEqual([IVR_CALLER, GROUP_CALLER]);
    expect(
      items.every((i) => i.state === 'open' && i.customerName === '未登録' && i.createdByName === ''),
    ).toBe(true);
    expect(await badge(yamada)).toBe(2);
  });

  it('makes an item by hand, assigned to a colleague, and the badge counts it live', async () => {
    const seen = published.length;
    const res = await create(yamada, {
      number: '03-9999-0000',
      reason: '見積の件で折り返し',
      assigneeUserUuid: uuidOf.suzuki,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      number: '03-9999-0000',
      assigneeName: '鈴木 花子',
      createdByName: '山田 太郎',
      state: 'open',
      reason: '見積の件で折り返し',
    });
    expect(await badge(yamada)).toBe(3);
    await expect.poll(() => published.slice(seen)).toEqual(['3']);
    // Suzuki's "mine" holds it, Yamada's does not.
    expect(contentOf(await list(suzuki, 'scope=mine')).map((i) => i.number)).toEqual(['03-9999-0000']);
    expect(contentOf(await list(yamada, 'scope=mine'))).toEqual([]);
  });

  it('refuses a bad number, two assignees, or an assignee of another tenant, and stores nothing', async () => {
    const before = (await t.database.db.select().from(recallItems)).length;
    const bad = await create(yamada, { number: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('折り返し先の電話番号が正しくありません');
    const both = await create(yamada, {
      number: '0399990001',
      assigneeUserUuid: uuidOf.suzuki,
      assigneeGroupUuid: salesGroup,
    });
    expect(both.statusCode).toBe(400);
    const foreign = await create(yamada, { number: '0399990001', assigneeGroupUuid: otherGroup });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe('担当者またはグループが見つかりません。');
    expect((await t.database.db.select().from(recallItems)).length).toBe(before);
  });

  it('assigns in bulk to a presence group: its members find the items under "my groups"', async () => {
    const ids = contentOf(await list(yamada)).map((i) => i.recallUuid);
    const res = await bulk(yamada, { recallUuids: ids, action: 'assign', assigneeGroupUuid: salesGroup });
    expect(res.json().data).toEqual({ updated: ids.length });
    const mine = contentOf(await list(yamada, 'scope=groups'));
    expect(mine).toHaveLength(ids.length);
    expect(mine.every((i) => i.assigneeName === '営業部')).toBe(true);
  });

  it('filters overdue items by their due time', async () => {
    const past = await create(yamada, { number: '0399990002', dueAt: '2026-01-01T09:00:00+09:00' });
    const overdue = contentOf(await list(yamada, 'overdue=true'));
    expect(overdue.map((i) => i.recallUuid)).toEqual([past.json().data.recallUuid]);
    expect(overdue[0]!.overdue).toBe(true);
  });

  it('closes one item, recording who; a second close is refused and changes nothing', async () => {
    const [item] = contentOf(await list(yamada, 'sort=number,asc'));
    const res = await done(suzuki, item!.recallUuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'done', doneByName: '鈴木 花子' });
    const again = await done(yamada, item!.recallUuid);
    expect(again.statusCode).toBe(409);
    expect((await itemRow(item!.recallUuid)).doneBy).toBe(uuidOf.suzuki);
    expect(contentOf(await list(yamada, 'state=done')).map((i) => i.recallUuid)).toContain(item!.recallUuid);
  });

  it('closes in bulk', async () => {
    const open = contentOf(await list(yamada));
    const res = await bulk(yamada, { recallUuids: open.map((i) => i.recallUuid), action: 'close' });
    expect(res.json().data).toEqual({ updated: open.length });
    expect(await badge(yamada)).toBe(0);
  });

  it('keeps another tenant out: its list refused, our items neither closed nor assigned by it', async () => {
    const mine = await create(yamada, { number: '0399990003' });
    const id = mine.json().data.recallUuid as string;
    expect((await list(adminB, '', office.domainUuid)).statusCode).toBe(403);
    expect(contentOf(await list(adminB, '', other)).map((i) => i.recallUuid)).not.toContain(id);
    expect((await done(adminB, id)).statusCode).toBe(404);
    const assign = await bulk(adminB, {
      recallUuids: [id],
      action: 'assign',
      assigneeUserUuid: uuidOf.adminB,
    });
    expect(assign.json().data).toEqual({ updated: 0 });
    expect((await bulk(adminB, { recallUuids: [id], action: 'close' })).json().data).toEqual({ updated: 0 });
    expect(await itemRow(id)).toMatchObject({
      state: 'open',
      assigneeUserUuid: null,
      domainUuid: office.domainUuid,
    });
  });

  it('refuses a staff user whose menu hides the customer section', async () => {
    const [item] = contentOf(await list(yamada));
    expect((await list(noCustomers)).statusCode).toBe(403);
    expect((await create(noCustomers, { number: '0399990004' })).statusCode).toBe(403);
    expect((await done(noCustomers, item!.recallUuid)).statusCode).toBe(403);
    expect((await itemRow(item!.recallUuid)).state).toBe('open');
  });
});
