import { menuConfig, type CallItem } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let demo: string;
let yamada: TestSession;
let adminB: TestSession;
let noHistory: TestSession;
let tanakaUuid: string;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'yamada'));
  demo = row!.domainUuid;
  tanakaUuid = (await t.database.db.select().from(users).where(eq(users.username, 'tanaka')))[0]!.userUuid;
  yamada = await t.login('yamada', 'Staff#2026');
  adminB = await t.login('admin-b', 'Admin#2026');
  const blind = await t.build.user({ domainUuid: demo } as Parameters<typeof t.build.user>[0], {
    menu: menuConfig([2200]),
  });
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
  it('lists every demo call once (a ring group that rang two phones is one row), newest first', async () => {
    const { content, totalElements } = await rows();
    expect(totalElements).toBe(10);
    const starts = content.map((c) => Date.parse(c.startStamp));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const group = content.filter((c) => c.outsideNumber === '09011112222');
    expect(group).toHaveLength(1);
    expect(group[0]).toMatchObject({
      kind: 'inbound',
      result: 'missed',
      agentName: '',
      customerName: '未登録',
      incomingNumber: '0312345678',
    });
    expect(content.find((c) => c.outsideNumber === '0520001111')).toMatchObject({
      result: 'answered',
      agentExtension: '1003',
      agentName: '田中 一郎',
      talkSeconds: 300,
    });
  });

  it('filters by direction, result, missed, user, extension and number (any format)', async () => {
    expect((await rows({ kind: 'outbound' })).totalElements).toBe(3);
    expect((await rows({ kind: 'internal' })).content[0]).toMatchObject({
      customerName: '',
      calleeNumber: '1001',
    });
    expect((await rows({ result: 'abandoned_ivr' })).content.map((c) => c.outsideNumber)).toEqual([
      '0487654321',
    ]);
    // Missed: the ring group, the IVR caller and the anonymous caller nobody answered.
    expect((await rows({ missed: 'true' })).totalElements).toBe(3);
    expect((await rows({ userUuid: tanakaUuid })).totalElements).toBe(2);
    expect((await rows({ extension: '1003' })).totalElements).toBe(2);
    const number = await rows({ number: '03-1234-0001' });
    expect(number.content.map((c) => c.kind).sort()).toEqual(['inbound', 'inbound', 'outbound']);
  });

  it('filters by customer: every call with any number of the customers whose name or furigana matches', async () => {
    const admin = await t.login('admin', 'Admin#2026');
    const saved = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/customer',
      payload: {
        domainUuid: demo,
        company: '青葉商事',
        companyKana: 'アオバショウジ',
        numbers: [
          { label: '代表', number: '03-1234-0001' },
          { label: '携帯', number: '052-000-1111' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Furigana in either kana script, or part of the name: 0312340001's three calls and 0520001111's one.
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
    expect((await search(adminB, { domainUuid: demo })).statusCode).toBe(403);
    const theirs = (await search(adminB, { size: 100 })).json().data as { content: CallItem[] };
    expect(theirs.content.some((c) => c.outsideNumber === '09011112222')).toBe(false);
    expect((await search(noHistory)).statusCode).toBe(403);
    expect((await search(noHistory, {}, '/api/v1/cdr/search/export')).statusCode).toBe(403);
  });
});
