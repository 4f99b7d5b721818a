import { randomUUID } from 'node:crypto';
import { messages, type IvrMenu } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ivrMenuOptions, ivrMenus } from '../../platform/db/schema';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { addIvrOptions, addRingGroupMembers } from '../../testing/pbx-parts';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

// The tenant's menu 5000 代表メニュー (greeting welcome.wav; 1 → group 300 営業部, 2 → 受付 on 1000), extension
// 1001 and the recording campaign.wav; the other tenant's group 300 and other_greeting.wav, but no menu.
let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  const extensions = [
    await build.extension(k.tenant, { extension: '1000', effectiveCallerIdName: '受付' }),
    await build.extension(k.tenant, { extension: '1001', effectiveCallerIdName: '山田 太郎' }),
  ];
  const sales = await build.ringGroup(k.tenant, { ringGroupExtension: '300', ringGroupName: '営業部' });
  await addRingGroupMembers(k.t, sales, ['1001']);
  await build.recording(k.tenant, { recordingName: '代表挨拶', recordingFilename: 'welcome.wav' });
  await build.recording(k.tenant, { recordingName: 'キャンペーン告知', recordingFilename: 'campaign.wav' });
  const menu = await build.ivrMenu(k.tenant, {
    ivrMenuExtension: '5000',
    ivrMenuName: '代表メニュー',
    ivrMenuGreetLong: 'welcome.wav',
    ivrMenuDescription: '1: 営業部 / 2: 受付',
  });
  const keys = [
    { digit: '1', target: '300' },
    { digit: '2', target: '1000' },
  ];
  await addIvrOptions(k.t, k.tenant, menu, keys, { extensions, ringGroups: [sales] });
  await build.ringGroup(k.otherTenant, { ringGroupExtension: '300', ringGroupName: '本社' });
  await build.recording(k.otherTenant, { recordingFilename: 'other_greeting.wav' });
});
afterAll(() => k.t.close());

const SAVE = '/api/v1/ivr';
// Read when a test runs: the tenants' domain names exist only once beforeAll has built them.
const transfer = (number: string, domainName = k.tenant.domainName) => `transfer ${number} XML ${domainName}`;
const toSales = () => transfer('300');
const toMenu = () => transfer('5000');
const TO_1001 = 'lua nit_ivr_record.lua 1001';
const listOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, `/api/v1/ivr/${domainUuid}`)).json().data.list as IvrMenu[];
const option = (digit: string, param: string) => ({ ivrMenuOptionDigits: digit, ivrMenuOptionParam: param });
const menu = (overrides: object = {}) => ({
  domainUuid: k.tenantUuid,
  ivrMenuName: 'サポート窓口',
  ivrMenuGreetLong: 'campaign.wav',
  ivrMenuDescription: 'メモ',
  ivrMenuEnabled: 'true',
  ivrMenuOptions: [option('1', toMenu()), option('#', TO_1001)],
  ...overrides,
});
const snapshot = async () => ({
  menus: await k.t.database.db.select().from(ivrMenus),
  options: await k.t.database.db.select().from(ivrMenuOptions),
});
const named = async (name: string) =>
  (await listOf(k.tenantUuid)).find((m) => m.ivrMenuName === name) as IvrMenu;

describe('IVR list', () => {
  it("lists the tenant's menus with their options", async () => {
    const [first, ...rest] = await listOf(k.tenantUuid);
    expect(rest).toEqual([]);
    expect(first).toEqual({
      id: first?.ivrMenuUuid,
      ivrMenuUuid: expect.any(String),
      domainUuid: k.tenantUuid,
      ivrMenuName: '代表メニュー',
      ivrMenuGreetLong: 'welcome.wav',
      ivrMenuDescription: '1: 営業部 / 2: 受付',
      ivrMenuEnabled: 'true',
      ivrMenuExtension: '5000',
      ivrMenuOptions: [
        { ivrMenuOptionUuid: expect.any(String), domainUuid: k.tenantUuid, ...option('1', toSales()) },
        {
          ivrMenuOptionUuid: expect.any(String),
          domainUuid: k.tenantUuid,
          ...option('2', 'lua nit_ivr_record.lua 1000'),
        },
      ],
    });
  });

  it('requires a session (401) and a visible IVR menu (403)', async () => {
    expect((await k.get(null, `/api/v1/ivr/${k.tenantUuid}`)).statusCode).toBe(401);
    const res = await k.get(k.staff, `/api/v1/ivr/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
    expect((await k.post(k.staff, SAVE, menu())).statusCode).toBe(403);
  });
});

describe('IVR save', () => {
  it('creates a menu with the next free number and its options, told to the engine', async () => {
    const res = await k.post(k.admin, SAVE, menu());
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    const created = await named('サポート窓口');
    expect(created).toMatchObject({
      ivrMenuExtension: '5001',
      ivrMenuGreetLong: 'campaign.wav',
      ivrMenuEnabled: 'true',
    });
    expect(created.ivrMenuOptions.map((o) => [o.ivrMenuOptionDigits, o.ivrMenuOptionParam])).toEqual([
      ['1', toMenu()],
      ['#', TO_1001],
    ]);
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'ivr' });
    // The new menu is now a destination of its own.
    const init = (await k.get(k.admin, `/api/v1/common/initData/${k.tenantUuid}`)).json().data;
    expect(init.ivrMenus).toContainEqual({ ivrMenuExtension: '5001', ivrMenuName: 'サポート窓口' });
  });

  it('updates a menu: number and name stay, options are replaced, a kept option keeps its id', async () => {
    const current = await named('サポート窓口');
    const kept = current.ivrMenuOptions[0];
    const res = await k.post(
      k.admin,
      SAVE,
      menu({
        ivrMenuUuid: current.ivrMenuUuid,
        ivrMenuName: '名前の変更は無視',
        ivrMenuDescription: '更新',
        ivrMenuOptions: [{ ...kept, ivrMenuOptionParam: toSales() }, option('*', TO_1001)],
      }),
    );
    expect(res.statusCode).toBe(200);
    const updated = await named('サポート窓口');
    expect(updated).toMatchObject({ ivrMenuExtension: '5001', ivrMenuDescription: '更新' });
    expect(updated.ivrMenuOptions).toEqual([
      { ...kept, ivrMenuOptionParam: toSales() },
      { ivrMenuOptionUuid: expect.any(String), domainUuid: k.tenantUuid, ...option('*', TO_1001) },
    ]);
  });

  it.each<[string, () => object, string]>([
    ['no name', () => ({ ivrMenuName: '' }), 'IVR名を入力してください。'],
    ['no announcement', () => ({ ivrMenuGreetLong: '' }), 'アナウンスを選択してください。'],
    [
      'an unknown announcement',
      () => ({ ivrMenuGreetLong: 'nothing.wav' }),
      'アナウンスを選択してください。',
    ],
    [
      'an option without destination',
      () => ({ ivrMenuOptions: [option('1', '')] }),
      '転送先を選択してください。',
    ],
    [
      'an option to no such target',
      () => ({ ivrMenuOptions: [option('1', transfer('399'))] }),
      '転送先を選択してください。',
    ],
    [
      "an option into another tenant's group",
      () => ({ ivrMenuOptions: [option('1', transfer('300', k.otherTenant.domainName))] }),
      '転送先を選択してください。',
    ],
    [
      'an option without digit',
      () => ({ ivrMenuOptions: [option('', toSales())] }),
      '番号を選択してください。',
    ],
    [
      'a digit used twice',
      () => ({ ivrMenuOptions: [option('1', toSales()), option('1', TO_1001)] }),
      '登録済みの番号です。\n削除してからご利用ください。',
    ],
  ])('refuses %s with its message and changes nothing', async (_n, overrides, msg) => {
    const before = await snapshot();
    const res = await k.post(k.admin, SAVE, menu({ ivrMenuName: '検証用', ...overrides() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
    expect(await snapshot()).toEqual(before);
  });

  it('digits are unique per menu in the database too', async () => {
    const { ivrMenuUuid } = await named('代表メニュー');
    const error = await k.t.database.db
      .insert(ivrMenuOptions)
      .values({
        ivrMenuOptionUuid: randomUUID(),
        ivrMenuUuid,
        domainUuid: k.tenantUuid,
        ...option('1', TO_1001),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(error)).toBe('ivr_menu_options_menu_digits_unique');
  });

  it('deletes a menu with its options; a second delete is 404', async () => {
    const { ivrMenuUuid } = await named('サポート窓口');
    expect((await k.del(k.admin, `/api/v1/ivr/${ivrMenuUuid}`)).statusCode).toBe(200);
    expect(await named('サポート窓口')).toBeUndefined();
    const options = await k.t.database.db
      .select()
      .from(ivrMenuOptions)
      .where(eq(ivrMenuOptions.ivrMenuUuid, ivrMenuUuid));
    expect(options).toEqual([]);
    expect((await k.del(k.admin, `/api/v1/ivr/${ivrMenuUuid}`)).statusCode).toBe(404);
  });
});

describe("another tenant's IVR menus", () => {
  it('are invisible: the other tenant lists none, and reading the tenant is 403', async () => {
    expect(await listOf(k.otherTenantUuid, k.adminB)).toEqual([]);
    const res = await k.get(k.adminB, `/api/v1/ivr/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
  });

  it('are immutable: editing or deleting the tenant’s menu by id fails and changes nothing', async () => {
    const target = await named('代表メニュー');
    const before = await snapshot();
    const edit = await k.post(
      k.adminB,
      SAVE,
      menu({
        domainUuid: undefined,
        ivrMenuUuid: target.ivrMenuUuid,
        ivrMenuGreetLong: 'other_greeting.wav',
        ivrMenuOptions: [],
      }),
    );
    expect(edit.statusCode).toBe(404);
    expect((await k.post(k.adminB, SAVE, menu({ ivrMenuUuid: target.ivrMenuUuid }))).statusCode).toBe(403);
    expect((await k.del(k.adminB, `/api/v1/ivr/${target.ivrMenuUuid}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
