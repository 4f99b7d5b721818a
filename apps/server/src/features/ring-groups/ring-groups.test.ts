import { messages, newRingGroupForm, type RingGroup, type RingGroupForm } from '@tsunagu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ringGroupDestinations, ringGroups } from '../../platform/db/schema';
import { addRingGroupMembers } from '../../testing/pbx-parts';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';

// The tenant's groups 300 営業部 (1001, 1002) and 301 総務部 (1000, 1003; after_hours.wav on no answer),
// extensions 1000–1006 and the recordings welcome.wav and after_hours.wav; the other tenant's group 本社
// with extension 1000, and other_greeting.wav.
let k: PbxKit;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  for (const extension of ['1000', '1001', '1002', '1003', '1004', '1005', '1006'])
    await build.extension(k.tenant, { extension });
  await build.recording(k.tenant, { recordingName: '代表挨拶', recordingFilename: 'welcome.wav' });
  await build.recording(k.tenant, { recordingFilename: 'after_hours.wav' });
  const sales = await build.ringGroup(k.tenant, { ringGroupExtension: '300', ringGroupName: '営業部' });
  await addRingGroupMembers(k.t, sales, ['1001', '1002']);
  const general = await build.ringGroup(k.tenant, {
    ringGroupExtension: '301',
    ringGroupName: '総務部',
    ringGroupStrategy: 'rollover',
    ringGroupTimeoutApp: 'lua',
    ringGroupTimeoutData: 'streamfile.lua after_hours.wav',
  });
  await addRingGroupMembers(k.t, general, ['1000', '1003'], 20);
  await build.extension(k.otherTenant, { extension: '1000' });
  await build.ringGroup(k.otherTenant, { ringGroupName: '本社' });
  await build.recording(k.otherTenant, { recordingFilename: 'other_greeting.wav' });
});
afterAll(() => k.t.close());

const SAVE = '/api/v1/ringGroup';
const listOf = async (domainUuid: string, session = k.admin) =>
  (await k.get(session, `/api/v1/ringGroup/${domainUuid}`)).json().data.list as RingGroup[];
const form = (overrides: Partial<RingGroupForm> = {}): RingGroupForm => ({
  ...newRingGroupForm(),
  ringGroupExtension: '350',
  ringGroupName: 'テスト',
  destList: ['1004'],
  ...overrides,
});
/** Everything stored about ring groups: rows and members. */
const snapshot = async () => ({
  groups: await k.t.database.db.select().from(ringGroups),
  members: await k.t.database.db.select().from(ringGroupDestinations),
});
const ownGroup = async (number: string) =>
  (await listOf(k.tenantUuid)).find((g) => g.ringGroupExtension === number) as RingGroup;

describe('ring group list', () => {
  it("lists the tenant's ring groups with their members", async () => {
    const list = await listOf(k.tenantUuid);
    expect(list.map((g) => g.ringGroupExtension)).toEqual(['300', '301']);
    expect(list[0]).toEqual({
      ringGroupUuid: expect.any(String),
      domainUuid: k.tenantUuid,
      ringGroupContext: k.tenant.domainName,
      ringGroupName: '営業部',
      ringGroupExtension: '300',
      ringGroupGreeting: '',
      ringGroupStrategy: 'enterprise',
      ringGroupEnabled: 'true',
      ringGroupTimeoutApp: 'hangup',
      ringGroupTimeoutData: null,
      ringGroupMissedCallApp: null,
      ringGroupMissedCallData: null,
      destinations: [
        { destinationNumber: '1001', destinationTimeout: 30 },
        { destinationNumber: '1002', destinationTimeout: 30 },
      ],
    });
    expect(list[1]).toMatchObject({
      ringGroupTimeoutApp: 'lua',
      ringGroupTimeoutData: 'streamfile.lua after_hours.wav',
    });
  });

  it('requires a session (401) and a visible group menu (403)', async () => {
    expect((await k.get(null, `/api/v1/ringGroup/${k.tenantUuid}`)).statusCode).toBe(401);
    const res = await k.get(k.staff, `/api/v1/ringGroup/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
    expect((await k.post(k.staff, SAVE, form())).statusCode).toBe(403);
  });
});

describe('ring group save', () => {
  it('creates a group, storing the fields derived from the form, audited and told to the engine', async () => {
    const res = await k.post(
      k.admin,
      SAVE,
      form({
        ringGroupExtension: '302',
        ringGroupName: 'サポート',
        ringGroupGreeting: 'welcome.wav',
        destinationTimeout: 25,
        ringGroupStrategy: 'random',
        ringGroupTimeoutApp: 'transfer',
        ringGroupTimeoutDataTransfer: '1000',
        ringGroupMissedCallData: 'support@example.com',
        destList: ['1005', '1004', '1005'],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    const created = (res.json().data.list as RingGroup[]).find((g) => g.ringGroupExtension === '302');
    expect(created).toMatchObject({
      ringGroupName: 'サポート',
      ringGroupGreeting: 'welcome.wav',
      ringGroupStrategy: 'random',
      ringGroupTimeoutApp: 'transfer',
      ringGroupTimeoutData: `1000 XML ${k.tenant.domainName}`,
      ringGroupMissedCallApp: 'email',
      ringGroupMissedCallData: 'support@example.com',
      destinations: [
        { destinationNumber: '1004', destinationTimeout: 25 },
        { destinationNumber: '1005', destinationTimeout: 25 },
      ],
    });
    const [entry] = await k.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, created?.ringGroupUuid as string));
    expect(entry).toMatchObject({
      action: 'ringGroup.save',
      username: k.users.admin.username,
      domainUuid: k.tenantUuid,
    });
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'ringGroup' });
  });

  it('updates a group in place: new number, name and members, keeping its own number free for itself', async () => {
    const group = await ownGroup('302');
    const moved = await k.post(
      k.admin,
      SAVE,
      form({
        ringGroupUuid: group.ringGroupUuid,
        ringGroupExtension: '303',
        ringGroupName: 'サポート2',
        destList: ['1006'],
      }),
    );
    expect(moved.statusCode).toBe(200);
    const again = await k.post(
      k.admin,
      SAVE,
      form({
        ringGroupUuid: group.ringGroupUuid,
        ringGroupExtension: '303',
        ringGroupName: 'サポート3',
        destList: ['1006'],
      }),
    );
    expect(again.statusCode).toBe(200);
    const updated = await ownGroup('303');
    expect(updated).toMatchObject({
      ringGroupUuid: group.ringGroupUuid,
      ringGroupName: 'サポート3',
      ringGroupTimeoutApp: 'hangup',
    });
    expect(updated.destinations).toEqual([{ destinationNumber: '1006', destinationTimeout: 30 }]);
    expect((await listOf(k.tenantUuid)).some((g) => g.ringGroupExtension === '302')).toBe(false);
  });

  it.each([
    ['no group number', { ringGroupExtension: '' }, 'グループ番号を確認してください。'],
    ['a number outside 300–399', { ringGroupExtension: '400' }, 'グループ番号は300 ~ 399番までです。'],
    ['no name', { ringGroupName: ' ' }, 'グループ名を確認してください'],
    ['no ring time', { destinationTimeout: null }, '呼び出し時間（秒）を確認してください'],
    ['a ring time over 180 s', { destinationTimeout: 181 }, '呼び出し時間（秒）は5 ~ 180秒までです。'],
    ['a ring time under 5 s', { destinationTimeout: 4 }, '呼び出し時間（秒）は5 ~ 180秒までです。'],
    [
      'an announcement action without a file',
      { ringGroupTimeoutApp: 'lua' },
      '不在時アクションのアナウンスを選択してください。',
    ],
    [
      'a transfer action without a number',
      { ringGroupTimeoutApp: 'transfer' },
      '不在時アクションの転送番号を確認してください。',
    ],
    ['a number another group has', { ringGroupExtension: '301' }, 'このグループ番号は既に使用されています。'],
    ['an unknown greeting', { ringGroupGreeting: 'nothing.wav' }, 'アナウンスを確認してください。'],
    [
      "another tenant's recording",
      { ringGroupGreeting: 'other_greeting.wav' },
      'アナウンスを確認してください。',
    ],
    ['a member that is not an extension', { destList: ['1999'] }, '内線番号を確認してください。'],
    [
      'an absence mail that is not an address',
      { ringGroupMissedCallData: 'not-an-email' },
      'メールアドレスを確認してください。',
    ],
  ] as [string, Partial<RingGroupForm>, string][])(
    'refuses %s with its message and changes nothing',
    async (_n, overrides, msg) => {
      const before = await snapshot();
      const res = await k.post(k.admin, SAVE, form(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('checks the rules in the spec order (number before name before ring time)', async () => {
    const res = await k.post(
      k.admin,
      SAVE,
      form({ ringGroupExtension: '', ringGroupName: '', destinationTimeout: null }),
    );
    expect(res.json().msg).toBe('グループ番号を確認してください。');
  });

  it('two concurrent creates of one number: exactly one is stored', async () => {
    const [a, b] = await Promise.all([
      k.post(k.admin, SAVE, form({ ringGroupExtension: '360', ringGroupName: 'A' })),
      k.post(k.admin, SAVE, form({ ringGroupExtension: '360', ringGroupName: 'B' })),
    ]);
    expect([a, b].filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((a.statusCode === 200 ? b : a).json().msg).toBe('このグループ番号は既に使用されています。');
    expect((await listOf(k.tenantUuid)).filter((g) => g.ringGroupExtension === '360')).toHaveLength(1);
  });

  it('deletes a group with its members; a second delete is 404', async () => {
    const group = await ownGroup('360');
    expect((await k.del(k.admin, `/api/v1/ringGroup/${group.ringGroupUuid}`)).statusCode).toBe(200);
    expect((await listOf(k.tenantUuid)).some((g) => g.ringGroupExtension === '360')).toBe(false);
    const members = await k.t.database.db
      .select()
      .from(ringGroupDestinations)
      .where(eq(ringGroupDestinations.ringGroupUuid, group.ringGroupUuid));
    expect(members).toEqual([]);
    const again = await k.del(k.admin, `/api/v1/ringGroup/${group.ringGroupUuid}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(messages.notFound);
  });
});

describe("another tenant's ring groups", () => {
  it('are invisible: its own list holds only its group, and reading the tenant is 403', async () => {
    expect((await listOf(k.otherTenantUuid, k.adminB)).map((g) => g.ringGroupName)).toEqual(['本社']);
    const res = await k.get(k.adminB, `/api/v1/ringGroup/${k.tenantUuid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
  });

  it('are immutable: editing or deleting the tenant’s group by id fails and changes nothing', async () => {
    const target = await ownGroup('300');
    const before = await snapshot();
    const edit = await k.post(
      k.adminB,
      SAVE,
      form({ ringGroupUuid: target.ringGroupUuid, ringGroupExtension: '399', destList: ['1000'] }),
    );
    expect(edit.statusCode).toBe(404);
    const named = await k.post(k.adminB, SAVE, {
      ...form({ ringGroupUuid: target.ringGroupUuid }),
      domainUuid: k.tenantUuid,
    });
    expect(named.statusCode).toBe(403);
    expect((await k.del(k.adminB, `/api/v1/ringGroup/${target.ringGroupUuid}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
