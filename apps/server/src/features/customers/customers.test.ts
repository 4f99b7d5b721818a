import { randomUUID } from 'node:crypto';
import { menuConfig } from '@tsunagu/contract';
import { customerMessages } from '@tsunagu/contract/crm/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, customerNumbers, customers, recallItems } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let tenantA: string;
let tenantB: string;
let adminA: TestSession;
let staffA: TestSession;
let noCustomerMenu: TestSession;
let readOnly: TestSession;
let adminB: TestSession;
let ownerA: string;
let ownerB: string;

const save = (s: TestSession, payload: Record<string, unknown>) =>
  t.request(s, { method: 'POST', url: '/api/v1/customer', payload });
const byNumber = (s: TestSession, tenant: string, number: string) =>
  t.request(s, { method: 'GET', url: `/api/v1/customer/number/${tenant}/${encodeURIComponent(number)}` });
const list = (s: TestSession, tenant: string, query = '') =>
  t.request(s, { method: 'GET', url: `/api/v1/customer/list/${tenant}?${query}` });
const note = (s: TestSession, payload: Record<string, unknown>) =>
  t.request(s, { method: 'POST', url: '/api/v1/customer/note', payload });

async function create(s: TestSession, tenant: string, fields: Record<string, unknown>) {
  const res = await save(s, { domainUuid: tenant, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { customerUuid: string; version: number; numbers: { number: string }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.build.tenant();
  const b = await t.build.tenant();
  [tenantA, tenantB] = [a.domainUuid, b.domainUuid];
  const admin = await t.build.user(a, { userClass: 'CP', userNm: '管理 者' });
  const staff = await t.build.user(a, { userNm: '山田 太郎' });
  // A staff user whose stored menu hides the customer section.
  const hidden = await t.build.user(a, { menu: menuConfig([2000, 2100, 2200, 2300, 3000, 8000, 4000]) });
  // A staff user shown the customer list (2100) but not the import (2300): reads, never writes.
  const reader = await t.build.user(a, { menu: menuConfig([2300]) });
  const otherAdmin = await t.build.user(b, { userClass: 'CP' });
  [ownerA, ownerB] = [staff.userUuid, otherAdmin.userUuid];
  adminA = await t.login(admin.username, FACTORY_PASSWORD);
  staffA = await t.login(staff.username, FACTORY_PASSWORD);
  noCustomerMenu = await t.login(hidden.username, FACTORY_PASSWORD);
  readOnly = await t.login(reader.username, FACTORY_PASSWORD);
  adminB = await t.login(otherAdmin.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

describe('saving a customer', () => {
  it('stores normalised numbers and finds the record by any spelling of them', async () => {
    const saved = await create(staffA, tenantA, {
      company: '株式会社 青空商事',
      companyKana: 'アオゾラショウジ',
      person: '青空 一郎',
      numbers: [
        { label: '代表', number: '03-1234-5678' },
        { label: '携帯', number: '+81 90 1111 2222' },
      ],
      postalCode: '１０００００１',
      prefecture: '東京都',
      ownerUuid: ownerA,
      tags: ['重要'],
      memo: '1行目\n2行目',
    });
    expect(saved.numbers).toEqual([
      { label: '代表', number: '0312345678' },
      { label: '携帯', number: '09011112222' },
    ]);
    expect(saved).toMatchObject({ version: 1, postalCode: '100-0001', ownerName: '山田 太郎' });
    for (const spelling of [
      '0312345678',
      '03-1234-5678',
      '+81312345678',
      '312345678',
      '０９０－１１１１－２２２２',
    ]) {
      const found = (await byNumber(staffA, tenantA, spelling)).json().data;
      expect(found.customer?.customerUuid, spelling).toBe(saved.customerUuid);
    }
  });

  it('answers an unknown number with no customer (the registration form) and refuses a non-number', async () => {
    const res = await byNumber(staffA, tenantA, '06-9999-0000');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ number: '0699990000', customer: null, timeline: [] });
    for (const bad of ['1001', 'Anonymous', 'abc']) {
      const refused = await byNumber(staffA, tenantA, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe(customerMessages.numberInvalid);
    }
  });

  it('refuses bad input with a Japanese message and stores nothing', async () => {
    const before = await t.database.db.select().from(customers).where(eq(customers.domainUuid, tenantA));
    const cases: [Record<string, unknown>, string][] = [
      [{ company: '', person: '' }, '会社名または担当者名を入力してください。'],
      [{ company: 'X', numbers: [{ label: '代表', number: '1001' }] }, customerMessages.numberInvalid],
      [{ company: 'X', numbers: [{ label: '自宅', number: '0312345678' }] }, '番号の種類を選んでください。'],
      [
        {
          company: 'X',
          numbers: [
            { label: '代表', number: '0312340000' },
            { label: '直通', number: '03-1234-0000' },
          ],
        },
        '同じ電話番号が2回入力されています。',
      ],
      [{ company: 'X', email: 'not-mail' }, 'メールアドレスの形式が正しくありません。'],
      [{ company: 'X', postalCode: '12-34' }, '郵便番号は7桁の数字で入力してください（例: 100-0001）。'],
      [{ company: 'X', companyKana: '漢字' }, '会社名（フリガナ）はカタカナかひらがなで入力してください。'],
      [{ company: 'X', ownerUuid: ownerB }, customerMessages.ownerUnknown],
      [
        { company: 'X', custom: { x_none: 'a' } },
        '顧客画面レイアウトにない項目です。画面を再読み込みしてください。',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await save(staffA, { domainUuid: tenantA, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    const after = await t.database.db.select().from(customers).where(eq(customers.domainUuid, tenantA));
    expect(after).toHaveLength(before.length);
  });

  it('refuses the second of two saves of the same version and keeps the first', async () => {
    const saved = await create(staffA, tenantA, { company: '同時編集株式会社' });
    const base = { domainUuid: tenantA, customerUuid: saved.customerUuid, version: saved.version };
    const first = await save(staffA, { ...base, company: '同時編集株式会社', memo: '山田の変更' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(2);
    const second = await save(adminA, { ...base, company: '同時編集株式会社', memo: '管理者の変更' });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(customerMessages.conflict);
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerUuid, saved.customerUuid));
    expect(row).toMatchObject({ memo: '山田の変更', version: 2 });
    // Saving over the version now current works.
    const third = await save(adminA, {
      ...base,
      version: 2,
      company: '同時編集株式会社',
      memo: '管理者の変更',
    });
    expect(third.statusCode).toBe(200);
    // An update without the version read is refused.
    const unversioned = await save(adminA, {
      domainUuid: tenantA,
      customerUuid: saved.customerUuid,
      company: 'Y',
    });
    expect(unversioned.statusCode).toBe(400);
  });

  it('replaces the numbers on update', async () => {
    const saved = await create(staffA, tenantA, {
      person: '番号 変更',
      numbers: [{ label: '直通', number: '0455550001' }],
    });
    const res = await save(staffA, {
      domainUuid: tenantA,
      customerUuid: saved.customerUuid,
      version: 1,
      person: '番号 変更',
      numbers: [{ label: 'FAX', number: '045-555-0002' }],
    });
    expect(res.json().data.numbers).toEqual([{ label: 'FAX', number: '0455550002' }]);
    expect((await byNumber(staffA, tenantA, '0455550001')).json().data.customer).toBeNull();
    const rows = await t.database.db
      .select()
      .from(customerNumbers)
      .where(eq(customerNumbers.customerUuid, saved.customerUuid));
    expect(rows.map((r) => r.numberKey)).toEqual(['0455550002']);
  });
});

describe('the customer list', () => {
  let tenant: string;
  let cp: TestSession;
  beforeAll(async () => {
    const own = await t.build.tenant();
    tenant = own.domainUuid;
    const admin = await t.build.user(own, { userClass: 'CP' });
    cp = await t.login(admin.username, FACTORY_PASSWORD);
    const rows = [
      {
        company: '渡辺商店',
        companyKana: 'ワタナベショウテン',
        numbers: [{ label: '代表', number: '0311110001' }],
      },
      {
        company: '青木工業',
        companyKana: 'あおきこうぎょう',
        numbers: [{ label: '代表', number: '0311110002' }],
      },
      {
        company: 'かもめ運輸',
        companyKana: 'カモメウンユ',
        numbers: [{ label: '携帯', number: '08022223333' }],
      },
      { person: '佐藤 花子', personKana: 'サトウ ハナコ' },
    ];
    for (const row of rows) await create(cp, tenant, row);
  });

  it('sorts by furigana (五十音順, either kana script) by default', async () => {
    const res = await list(cp, tenant);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.totalElements).toBe(4);
    expect(data.content.map((c: { company: string; person: string }) => c.company || c.person)).toEqual([
      '青木工業',
      'かもめ運輸',
      '佐藤 花子',
      '渡辺商店',
    ]);
    const desc = (await list(cp, tenant, 'sort=kana,desc')).json().data.content;
    expect(desc[0].company).toBe('渡辺商店');
    expect((await list(cp, tenant, 'sort=memo,asc')).statusCode).toBe(400);
  });

  it('searches names, furigana in either script, and any run of a number’s digits', async () => {
    const names = async (q: string) =>
      (await list(cp, tenant, `q=${encodeURIComponent(q)}`))
        .json()
        .data.content.map((c: { company: string; person: string }) => c.company || c.person);
    expect(await names('わたなべ')).toEqual(['渡辺商店']);
    expect(await names('アオキ')).toEqual(['青木工業']);
    expect(await names('花子')).toEqual(['佐藤 花子']);
    expect(await names('2222-3333')).toEqual(['かもめ運輸']);
    expect(await names('03-1111')).toEqual(['青木工業', '渡辺商店']);
    expect(await names('100%')).toEqual([]);
  });

  it('pages with a total and exports the whole result', async () => {
    const first = (await list(cp, tenant, 'size=3')).json().data;
    const second = (await list(cp, tenant, 'size=3&page=1')).json().data;
    expect(first.totalElements).toBe(4);
    expect(first.content).toHaveLength(3);
    expect(second.content).toHaveLength(1);
    const exported = await t.request(cp, {
      method: 'GET',
      url: `/api/v1/customer/list/${tenant}/export?q=03`,
    });
    expect(exported.json().data).toHaveLength(2);
  });
});

describe('call notes and the timeline', () => {
  it('keeps a note on an unregistered number and shows it once the number is registered', async () => {
    const first = await note(staffA, {
      domainUuid: tenantA,
      number: '048-111-2222',
      category: '問い合わせ',
      body: '見積の依頼',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      number: '0481112222',
      customerUuid: null,
      authorName: '山田 太郎',
    });
    const customer = await create(staffA, tenantA, {
      company: '後日登録',
      numbers: [{ label: '代表', number: '0481112222' }],
    });
    const second = await note(staffA, {
      domainUuid: tenantA,
      number: '0481112222',
      callUuid: 'call-1',
      result: '対応完了',
      body: '折り返し済み\n次回訪問',
    });
    expect(second.json().data.customerUuid).toBe(customer.customerUuid);
    const timeline = (await byNumber(staffA, tenantA, '0481112222')).json().data.timeline;
    expect(timeline.map((e: { note: { body: string } }) => e.note.body)).toEqual([
      '折り返し済み\n次回訪問',
      '見積の依頼',
    ]);
  });

  it('takes category and result from the tenant’s picklists only', async () => {
    const bad = await note(staffA, {
      domainUuid: tenantA,
      number: '0481112222',
      category: '雑談',
      body: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(customerMessages.categoryUnknown);
    const empty = await note(staffA, { domainUuid: tenantA, number: '0481112222' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('calls and recall items in the record and the list', () => {
  it('shows every call and recall item of the tenant with any of the customer’s numbers, newest first', async () => {
    const saved = await create(staffA, tenantA, {
      company: '通話履歴株式会社',
      numbers: [
        { label: '代表', number: '0422223333' },
        { label: '携帯', number: '07044445555' },
      ],
    });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 1, minute));
    const call = (minute: number, number: string, key: string, domainUuid = tenantA) => ({
      callUuid: randomUUID(),
      domainUuid,
      callId: randomUUID(),
      kind: 'inbound' as const,
      startStamp: at(minute),
      endStamp: at(minute + 1),
      outsideNumber: number,
      outsideKey: key,
      result: 'missed' as const,
      ringSeconds: 20,
    });
    const missed = call(1, '+81422223333', '0422223333');
    await t.database.db.insert(calls).values([
      missed,
      {
        ...call(5, '070-4444-5555', '07044445555'),
        result: 'answered',
        talkSeconds: 95,
        agentUserUuid: ownerA,
      },
      // Another tenant's call with the same number, and a call with another number.
      call(6, '0422223333', '0422223333', tenantB),
      call(7, '0499999999', '0499999999'),
    ]);
    await t.database.db.insert(recallItems).values({
      recallUuid: randomUUID(),
      domainUuid: tenantA,
      number: '+81422223333',
      numberKey: '0422223333',
      callUuid: missed.callUuid,
      createdAt: at(2),
    });
    const lookup = (await byNumber(staffA, tenantA, '07044445555')).json();
    const timeline = lookup.data.timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(['call', 'recall', 'call']);
    expect(timeline[0].call).toMatchObject({ result: 'answered', agentName: '山田 太郎', talkSeconds: 95 });
    expect(timeline[1].recall).toMatchObject({ state: 'open', number: '+81422223333' });
    const row = (await list(staffA, tenantA, 'q=通話履歴')).json().data.content[0];
    expect(row).toMatchObject({ lastCallAt: at(5).toISOString(), openRecalls: 1 });
    // Saving the customer claims the recall items of its numbers.
    await save(staffA, {
      domainUuid: tenantA,
      customerUuid: saved.customerUuid,
      version: saved.version,
      company: '通話履歴株式会社',
      numbers: [{ label: '代表', number: '0422223333' }],
    });
    const [item] = await t.database.db
      .select()
      .from(recallItems)
      .where(eq(recallItems.callUuid, missed.callUuid));
    expect(item?.customerUuid).toBe(saved.customerUuid);
  });
});

describe('the layout', () => {
  let tenant: string;
  let cp: TestSession;
  beforeAll(async () => {
    const own = await t.build.tenant();
    tenant = own.domainUuid;
    cp = await t.login((await t.build.user(own, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  });

  const layout = {
    fields: [
      { key: 'x_rank', label: 'ランク', type: 'choice', options: ['A', 'B'], required: true },
      { key: 'x_since', label: '取引開始日', type: 'date', options: [], required: false },
      { key: 'x_dm', label: 'DM送付', type: 'yesNo', options: [], required: false },
    ],
    recordFields: ['company', 'x_rank', 'numbers'],
    popupFields: ['x_rank', 'company'],
    noteCategories: ['注文'],
    noteResults: ['完了'],
  };

  it('starts from the default and saves over the version read only', async () => {
    const initial = (await t.request(cp, { method: 'GET', url: `/api/v1/layout/${tenant}` })).json().data;
    expect(initial.version).toBe(0);
    expect(initial.layout.noteCategories.length).toBeGreaterThan(0);
    const saved = await t.request(cp, {
      method: 'POST',
      url: '/api/v1/layout',
      payload: { domainUuid: tenant, version: 0, layout },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.version).toBe(1);
    const stale = await t.request(cp, {
      method: 'POST',
      url: '/api/v1/layout',
      payload: { domainUuid: tenant, version: 0, layout },
    });
    expect(stale.statusCode).toBe(409);
    const bad = await t.request(cp, {
      method: 'POST',
      url: '/api/v1/layout',
      payload: { domainUuid: tenant, version: 1, layout: { ...layout, popupFields: ['x_missing'] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('存在しない項目が指定されています。');
  });

  it('checks the tenant’s own fields on every save and shows them in the pop-up', async () => {
    const missing = await save(cp, { domainUuid: tenant, company: 'ランク無し' });
    expect(missing.json().msg).toBe('ランクを入力してください。');
    const wrong = await save(cp, { domainUuid: tenant, company: 'X', custom: { x_rank: 'C' } });
    expect(wrong.json().msg).toBe('ランクは選択肢から選んでください。');
    const badDate = await save(cp, {
      domainUuid: tenant,
      company: 'X',
      custom: { x_rank: 'A', x_since: '2026-02-30' },
    });
    expect(badDate.json().msg).toBe('取引開始日の日付が正しくありません。');
    const ok = await create(cp, tenant, {
      company: 'ランク付き',
      numbers: [{ label: '代表', number: '0752223333' }],
      custom: { x_rank: 'A', x_since: '2026-04-01', x_dm: false },
    });
    expect(ok).toMatchObject({ custom: { x_rank: 'A', x_since: '2026-04-01', x_dm: false } });
    const card = (
      await t.request(cp, { method: 'GET', url: `/api/v1/customer/caller/${tenant}/075-222-3333` })
    ).json().data;
    expect(card).toMatchObject({
      name: 'ランク付き',
      customerUuid: ok.customerUuid,
      fields: [
        { label: 'ランク', value: 'A' },
        { label: '会社名', value: 'ランク付き' },
      ],
    });
    const unknown = (
      await t.request(cp, { method: 'GET', url: `/api/v1/customer/caller/${tenant}/Anonymous` })
    ).json().data;
    expect(unknown).toMatchObject({ name: null, customerUuid: null, fields: [] });
  });

  it('is saved by layout editors only', async () => {
    const res = await t.request(staffA, {
      method: 'POST',
      url: '/api/v1/layout',
      payload: { domainUuid: tenantA, version: 0, layout },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('deleting', () => {
  it('deletes one or many of the tenant’s customers, numbers with them', async () => {
    const one = await create(staffA, tenantA, {
      company: '削除1',
      numbers: [{ label: '代表', number: '0120111222' }],
    });
    const two = await create(staffA, tenantA, { company: '削除2' });
    const three = await create(staffA, tenantA, { company: '削除3' });
    const res = await t.request(staffA, { method: 'DELETE', url: `/api/v1/customer/${one.customerUuid}` });
    expect(res.statusCode).toBe(200);
    expect((await byNumber(staffA, tenantA, '0120111222')).json().data.customer).toBeNull();
    const bulk = await t.request(staffA, {
      method: 'POST',
      url: '/api/v1/customer/delete',
      payload: { domainUuid: tenantA, customerUuids: [two.customerUuid, three.customerUuid] },
    });
    expect(bulk.json().data).toEqual({ deleted: 2 });
    const again = await t.request(staffA, { method: 'DELETE', url: `/api/v1/customer/${one.customerUuid}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('tenants and capabilities', () => {
  let secret: { customerUuid: string; version: number };
  beforeAll(async () => {
    secret = await create(staffA, tenantA, {
      company: '他テナント秘密',
      numbers: [{ label: '代表', number: '0399998888' }],
    });
  });

  it('keeps another tenant’s customers invisible and unchangeable', async () => {
    // Naming tenant A is refused outright.
    expect((await list(adminB, tenantA)).statusCode).toBe(403);
    expect((await byNumber(adminB, tenantA, '0399998888')).statusCode).toBe(403);
    expect((await t.request(adminB, { method: 'GET', url: `/api/v1/layout/${tenantA}` })).statusCode).toBe(
      403,
    );
    expect((await save(adminB, { domainUuid: tenantA, company: 'x' })).statusCode).toBe(403);
    expect(
      (await t.request(adminB, { method: 'GET', url: `/api/v1/customer/${tenantB}/${secret.customerUuid}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.request(staffA, { method: 'GET', url: `/api/v1/customer/${tenantA}/${secret.customerUuid}` })
      ).json().data.company,
    ).toBe('他テナント秘密');
    const owners = (
      await t.request(adminB, { method: 'GET', url: `/api/v1/customer/owners/${tenantB}` })
    ).json().data;
    expect(owners.map((o: { userUuid: string }) => o.userUuid)).toEqual([ownerB]);
    // In its own tenant, B finds nothing of A's.
    expect((await byNumber(adminB, tenantB, '0399998888')).json().data.customer).toBeNull();
    expect((await list(adminB, tenantB, 'q=他テナント')).json().data.totalElements).toBe(0);
    const card = (
      await t.request(adminB, { method: 'GET', url: `/api/v1/customer/caller/${tenantB}/0399998888` })
    ).json();
    expect(card.data.name).toBeNull();
    // Updating, deleting or noting A's customer from B is not found, and nothing changes.
    const update = await save(adminB, {
      domainUuid: tenantB,
      customerUuid: secret.customerUuid,
      version: secret.version,
      company: '乗っ取り',
    });
    expect(update.statusCode).toBe(404);
    expect(
      (await t.request(adminB, { method: 'DELETE', url: `/api/v1/customer/${secret.customerUuid}` }))
        .statusCode,
    ).toBe(404);
    const bulk = await t.request(adminB, {
      method: 'POST',
      url: '/api/v1/customer/delete',
      payload: { domainUuid: tenantB, customerUuids: [secret.customerUuid] },
    });
    expect(bulk.statusCode).toBe(404);
    const noted = await note(adminB, {
      domainUuid: tenantB,
      number: '0399998888',
      customerUuid: secret.customerUuid,
      body: 'x',
    });
    expect(noted.statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerUuid, secret.customerUuid));
    expect(row).toMatchObject({ company: '他テナント秘密', version: 1 });
  });

  it('refuses the customer API to a user whose menu hides the customer section, but not the pop-up', async () => {
    expect((await list(noCustomerMenu, tenantA)).statusCode).toBe(403);
    expect((await byNumber(noCustomerMenu, tenantA, '0399998888')).statusCode).toBe(403);
    expect((await save(noCustomerMenu, { domainUuid: tenantA, company: 'x' })).statusCode).toBe(403);
    expect(
      (await note(noCustomerMenu, { domainUuid: tenantA, number: '0399998888', body: 'x' })).statusCode,
    ).toBe(403);
    const card = await t.request(noCustomerMenu, {
      method: 'GET',
      url: `/api/v1/customer/caller/${tenantA}/0399998888`,
    });
    expect(card.json().data.name).toBe('他テナント秘密');
  });

  it('lets a user shown the list but not the import read customers and write notes, and refuses every change', async () => {
    expect((await list(readOnly, tenantA)).statusCode).toBe(200);
    expect((await byNumber(readOnly, tenantA, '0399998888')).json().data.customer.company).toBe(
      '他テナント秘密',
    );
    const noted = await note(readOnly, { domainUuid: tenantA, number: '0399998888', body: '閲覧者のメモ' });
    expect(noted.statusCode).toBe(200);
    const refused = [
      await save(readOnly, { domainUuid: tenantA, company: '新規' }),
      await save(readOnly, {
        domainUuid: tenantA,
        customerUuid: secret.customerUuid,
        version: secret.version,
        company: '書き換え',
      }),
      await t.request(readOnly, { method: 'DELETE', url: `/api/v1/customer/${secret.customerUuid}` }),
      await t.request(readOnly, {
        method: 'POST',
        url: '/api/v1/customer/delete',
        payload: { domainUuid: tenantA, customerUuids: [secret.customerUuid] },
      }),
      await t.request(readOnly, { method: 'GET', url: `/api/v1/customer/owners/${tenantA}` }),
      await t.request(readOnly, { method: 'GET', url: '/api/v1/customer/postal/1000001' }),
      await t.request(readOnly, { method: 'POST', url: '/api/v1/customer/import/preview', payload: {} }),
      await t.request(readOnly, { method: 'POST', url: '/api/v1/customer/import/commit', payload: {} }),
    ];
    for (const res of refused) expect(res.statusCode, res.body).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.customerUuid, secret.customerUuid));
    expect(row).toMatchObject({ company: '他テナント秘密', version: 1 });
    expect((await t.database.db.select().from(customers).where(eq(customers.company, '新規'))).length).toBe(
      0,
    );
  });

  it('needs a session', async () => {
    expect(
      (await t.request(null, { method: 'GET', url: `/api/v1/customer/list/${tenantA}` })).statusCode,
    ).toBe(401);
  });
});

describe('postal codes', () => {
  it('gives the prefecture and towns of a code, two prefectures where the code spans them', async () => {
    const tokyo = (await t.request(staffA, { method: 'GET', url: '/api/v1/customer/postal/100-0001' })).json()
      .data;
    expect(tokyo).toEqual({
      postalCode: '100-0001',
      addresses: [{ prefecture: '東京都', town: '千代田区千代田' }],
    });
    const spans = (await t.request(staffA, { method: 'GET', url: '/api/v1/customer/postal/4980000' })).json()
      .data;
    expect(new Set(spans.addresses.map((a: { prefecture: string }) => a.prefecture))).toEqual(
      new Set(['愛知県', '三重県']),
    );
    expect(
      (await t.request(staffA, { method: 'GET', url: '/api/v1/customer/postal/0000000' })).statusCode,
    ).toBe(404);
    expect((await t.request(staffA, { method: 'GET', url: '/api/v1/customer/postal/12' })).statusCode).toBe(
      400,
    );
  });
});
