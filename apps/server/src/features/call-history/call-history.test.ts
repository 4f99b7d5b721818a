import { menuConfig, type CallItem } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type Extension = Awaited<ReturnType<TestApp['build']['extension']>>;
type Leg = Parameters<TestApp['build']['foldedCall']>[1][number];

let t: TestApp;
let office: Tenant;
let ext: { yamada: Extension; suzuki: Extension; tanaka: Extension };
let yamada: TestSession;
let admin: TestSession;
let adminB: TestSession;
let noHistory: TestSession;
let tanakaUuid: string;

const LINE = '0312345678'; // the office's incoming number
const REGULAR = '0312340001'; // called twice, called back once
const LONG_TALKER = '0520001111';
const GROUP_CALLER = '09011112222'; // rang the ring group (two phones), nobody took it
const IVR_CALLER = '0487654321'; // gave up in the IVR

/** A call `minutesAgo` that rang `ring` seconds; each leg talked `billsec` (0: not put through). */
async function callAt(
  minutesAgo: number,
  ring: number,
  legs: (Leg & { billsec: number })[],
  tenant = office,
) {
  const start = new Date(Date.now() - minutesAgo * 60_000);
  const talked = Math.max(...legs.map((l) => l.billsec));
  const answered = new Date(start.getTime() + ring * 1000);
  const end = new Date(start.getTime() + (ring + talked) * 1000);
  await t.build.foldedCall(
    tenant,
    legs.map((leg) => ({
      startStamp: start,
      answerStamp: leg.billsec > 0 ? answered : leg.endedIn === 'ivr' ? start : null,
      endStamp: end,
      duration: ring + leg.billsec,
      hangupCause: leg.billsec > 0 ? 'NORMAL_CLEARING' : 'NO_ANSWER',
      bridged: leg.billsec > 0,
      ...leg,
    })),
  );
}
/** The outside caller's leg of an incoming call. */
const caller = (from: string, billsec: number, more: Partial<Leg> = {}) => ({
  originating: true,
  direction: 'inbound' as const,
  callerIdNumber: from,
  destinationNumber: LINE,
  billsec,
  ...more,
});
/** An extension rung by the call. */
const rung = (e: Extension, from: string, billsec: number, more: Partial<Leg> = {}) => ({
  originating: false,
  extensionUuid: e.extensionUuid,
  direction: 'inbound' as const,
  callerIdNumber: from,
  destinationNumber: e.extension,
  billsec,
  ...more,
});
/** A call placed from an extension (outbound, or local to a colleague). */
const placed = (e: Extension, to: string, billsec: number, direction: 'outbound' | 'local' = 'outbound') => ({
  originating: true,
  extensionUuid: e.extensionUuid,
  direction,
  callerIdNumber: e.extension,
  destinationNumber: to,
  billsec,
});

// An office of its own with three staff and ten calls (six in, three out, one internal); another
// tenant's administrator and a staff user whose menu hides the call history.
beforeAll(async () => {
  t = await createTestApp();
  office = await t.build.tenant();
  ext = {
    yamada: await t.build.extension(office, { effectiveCallerIdName: '山田 太郎' }),
    suzuki: await t.build.extension(office, { effectiveCallerIdName: '鈴木 花子' }),
    tanaka: await t.build.extension(office, { effectiveCallerIdName: '田中 一郎' }),
  };
  const staff = await t.build.user(office, { userNm: '山田 太郎', extensionUuid: ext.yamada.extensionUuid });
  await t.build.user(office, { userNm: '鈴木 花子', extensionUuid: ext.suzuki.extensionUuid });
  tanakaUuid = (await t.build.user(office, { userNm: '田中 一郎', extensionUuid: ext.tanaka.extensionUuid }))
    .userUuid;
  const blind = await t.build.user(office, { menu: menuConfig([2200]) });
  const officeAdmin = await t.build.user(office, { userClass: 'CP' });
  const other = await t.build.tenant();
  const otherAdmin = await t.build.user(other, { userClass: 'CP' });
  const otherExtension = await t.build.extension(other);
  const { yamada: y, suzuki: s, tanaka: k } = ext;

  await callAt(35, 8, [caller(REGULAR, 184), rung(y, REGULAR, 184)]);
  await callAt(80, 8, [placed(y, '0667778888', 62)]);
  await callAt(140, 20, [caller('Anonymous', 0), rung(y, 'Anonymous', 0)]);
  await callAt(200, 8, [
    placed(s, y.extension, 45, 'local'),
    rung(y, s.extension, 45, { direction: 'local' }),
  ]);
  const cancel = { hangupCause: 'ORIGINATOR_CANCEL' };
  await callAt(320, 30, [
    caller(GROUP_CALLER, 0, cancel),
    rung(y, GROUP_CALLER, 0, cancel),
    rung(s, GROUP_CALLER, 0, cancel),
  ]);
  await callAt(50, 8, [caller(REGULAR, 95), rung(s, REGULAR, 95)]);
  await callAt(260, 30, [placed(s, '0455556666', 0)]);
  await callAt(90, 8, [caller(LONG_TALKER, 300), rung(k, LONG_TALKER, 300)]);
  await callAt(400, 8, [placed(k, REGULAR, 121)]);
  await callAt(420, 25, [caller(IVR_CALLER, 0, { endedIn: 'ivr', hangupCause: 'NORMAL_CLEARING' })]);
  // The other tenant's one call, from a number of its own.
  await callAt(30, 8, [caller('0299998888', 40), rung(otherExtension, '0299998888', 40)], other);

  yamada = await t.login(staff.username, FACTORY_PASSWORD);
  admin = await t.login(officeAdmin.username, FACTORY_PASSWORD);
  adminB = await t.login(otherAdmin.username, FACTORY_PASSWORD);
  noHistory = await t.login(blind.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

const search = (session: TestSession, payload: Record<string, unknown> = {}, url = '/api/v1/cdr/search') =>
  t.request(session, { method: 'POST', url, payload });
const rows = async (payload: Record<string, unknown> = {}) => {
  const res = await search(yamada, { size: 100, ...payload });
  expect(res.statusCode).toBe(200);
  return res.json().data as { content: CallItem[]; totalElements: number };
};

describe('POST /api/v1/cdr/search: the tenant’s calls, one row per call', () => {
  it('lists every call once (a ring group that rang two phones is one row), newest first', async () => {
    const { content, totalElements } = await rows();
    expect(totalElements).toBe(10);
    const starts = content.map((c) => Date.parse(c.startStamp));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const group = content.filter((c) => c.outsideNumber === GROUP_CALLER);
    expect(group).toHaveLength(1);
    expect(group[0]).toMatchObject({
      kind: 'inbound',
      result: 'missed',
      agentName: '',
      customerName: '未登録',
      incomingNumber: LINE,
    });
    expect(content.find((c) => c.outsideNumber === LONG_TALKER)).toMatchObject({
      result: 'answered',
      agentExtension: ext.tanaka.extension,
      agentName: '田中 一郎',
      talkSeconds: 300,
    });
  });

  it('filters by direction, result, missed, user, extension and number (any format)', async () => {
    expect((await rows({ kind: 'outbound' })).totalElements).toBe(3);
    expect((await rows({ kind: 'internal' })).content[0]).toMatchObject({
      customerName: '',
      calleeNumber: ext.yamada.extension,
    });
    expect((await rows({ result: 'abandoned_ivr' })).content.map((c) => c.outsideNumber)).toEqual([
      IVR_CALLER,
    ]);
    // Missed: the ring group, the IVR caller and the anonymous caller nobody answered.
    expect((await rows({ missed: 'true' })).totalElements).toBe(3);
    expect((await rows({ userUuid: tanakaUuid })).totalElements).toBe(2);
    expect((await rows({ extension: ext.tanaka.extension })).totalElements).toBe(2);
    const number = await rows({ number: '03-1234-0001' });
    expect(number.content.map((c) => c.kind).sort()).toEqual(['inbound', 'inbound', 'outbound']);
  });

  it('filters by customer: every call with any number of the customers whose name or furigana matches', async () => {
    const saved = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/customer',
      payload: {
        domainUuid: office.domainUuid,
        company: '青葉商事',
        companyKana: 'アオバショウジ',
        numbers: [
          { label: '代表', number: '03-1234-0001' }, // REGULAR
          { label: '携帯', number: '052-000-1111' }, // LONG_TALKER
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Furigana in either kana script, or part of the name: REGULAR's three calls and LONG_TALKER's one.
    for (const customer of ['あおば', 'アオバ', '青葉商']) {
      const found = await rows({ customer });
      expect(found.totalElements).toBe(4);
      expect(new Set(found.content.map((c) => c.customerName))).toEqual(new Set(['青葉商事']));
    }
    expect((await rows({ customer: '青葉', kind: 'outbound' })).totalElements).toBe(1);
    expect((await rows({ customer: '該当なし' })).totalElements).toBe(0);
    // Another tenant's search by the same name finds none of these calls.
    expect((await search(adminB, { customer: '青葉' })).json().data.totalElements).toBe(0);
  });

  it('sorts by talk time and pages with a total', async () => {
    const sorted = (await rows({ sort: 'talkSeconds,desc' })).content.map((c) => c.talkSeconds);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    const first = (await search(yamada, { size: 4, page: 0 })).json().data;
    const third = (await search(yamada, { size: 4, page: 2 })).json().data;
    expect([first.content.length, third.content.length, third.totalElements]).toEqual([4, 2, 10]);
  });

  it('keeps to the period asked for and refuses a reversed or too long one in Japanese', async () => {
    expect((await rows({ to: new Date(Date.now() - 3 * 3600_000).toISOString() })).totalElements).toBe(5);
    const reversed = await search(yamada, { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toBe('期間の指定が正しくありません。');
    const long = await search(yamada, { from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(long.statusCode).toBe(400);
    expect((await search(yamada, { sort: 'cost,desc' })).statusCode).toBe(400);
  });

  it('exports the whole filtered result in the list’s order', async () => {
    const res = await search(
      yamada,
      { kind: 'inbound', sort: 'startStamp,asc' },
      '/api/v1/cdr/search/export',
    );
    expect(res.statusCode).toBe(200);
    const exported = res.json().data as CallItem[];
    expect(exported).toHaveLength(6);
    const starts = exported.map((c) => Date.parse(c.startStamp));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('keeps another tenant out, and refuses a user whose menu hides the call history', async () => {
    expect((await search(adminB, { domainUuid: office.domainUuid })).statusCode).toBe(403);
    const theirs = (await search(adminB, { size: 100 })).json().data as { content: CallItem[] };
    expect(theirs.content.map((c) => c.outsideNumber)).toEqual(['0299998888']);
    expect((await search(noHistory)).statusCode).toBe(403);
    expect((await search(noHistory, {}, '/api/v1/cdr/search/export')).statusCode).toBe(403);
  });
});
