import { isStrongPassword, messages, newRingGroupForm, topics } from '@tsunagu/contract';
import { forcedOutMessages, forcedOutReason } from '@tsunagu/contract/realtime';
import { tenantMessages, type TenantCreate } from '@tsunagu/contract/tenant-admin';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  destinations,
  domains,
  extensions,
  gateways,
  ivrMenus,
  recordings,
  ringGroups,
  users,
} from '../../platform/db/schema';
import { nextMessage, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';
import { purgeDeletedTenants } from './tenant-purge';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
type User = Awaited<ReturnType<TestApp['build']['user']>>;

let t: TestApp;
let sp: TestSession;
let cp: TestSession;
// The provider's own tenant and user; an office with its administrator (one ring group, one IVR menu,
// extension 1001); another tenant.
let provider: Tenant;
let spUser: User;
let office: Tenant;
let cpUser: User;
let otherTenant: Tenant;
let url: string;
const clients: TestStompClient[] = [];
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
  provider = await t.build.tenant();
  spUser = await t.build.user(provider, { userClass: 'SP' });
  office = await t.build.tenant();
  cpUser = await t.build.user(office, { userClass: 'CP' });
  await t.build.extension(office, { extension: '1001' });
  await t.build.ringGroup(office);
  await t.build.ivrMenu(office);
  // The announcement the IVR menu below plays (only its row is read when a menu is saved).
  await t.database.db.insert(recordings).values({
    recordingUuid: randomUUID(),
    domainUuid: office.domainUuid,
    recordingName: 'キャンペーン告知',
    recordingFilename: 'campaign.wav',
    storageName: 'campaign.wav',
  });
  otherTenant = await t.build.tenant();
  await t.build.user(otherTenant, { userClass: 'CP' });
  sp = await t.login(spUser.username, FACTORY_PASSWORD);
  cp = await t.login(cpUser.username, FACTORY_PASSWORD);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

/** A wizard's input with unique names; 3 extensions, one line, one incoming number. */
function wizard(overrides: Partial<TenantCreate> = {}): TenantCreate {
  const n = ++sequence;
  return {
    domainName: `shop${n}-${Date.now() % 100000}.tsunagu.test`,
    domainDescription: `株式会社テスト${n}`,
    quotas: { maxUsers: 5, maxExtensions: 3, maxRingGroups: 1, maxIvrMenus: 1, audioMb: 50 },
    admin: { username: `owner${n}-${Date.now() % 100000}`, userNm: '管理 太郎' },
    extensions: { from: '1001', to: '1003' },
    lines: [{ name: '代表回線', number: `03555${String(n).padStart(5, '0')}` }],
    numbers: [{ name: '代表', number: `05055${String(n).padStart(5, '0')}` }],
    ...overrides,
  };
}
const create = (session: TestSession, body: unknown) =>
  t.request(session, { method: 'POST', url: '/api/v1/domain', payload: body as object });
const tenantCount = async () => (await t.database.db.select({ n: count() }).from(domains))[0]!.n;
const adminLogin = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

async function newTenant(overrides: Partial<TenantCreate> = {}) {
  const input = wizard(overrides);
  const res = await create(sp, input);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { domainUuid: string; username: string; password: string };
  return { input, ...data };
}

describe('the creation wizard (POST /v1/domain)', () => {
  it('creates the tenant, its quotas, first administrator, extensions, lines and numbers at once', async () => {
    const { input, domainUuid, username, password } = await newTenant();
    expect(isStrongPassword(password)).toBe(true);
    const [tenant] = await t.database.db.select().from(domains).where(eq(domains.domainUuid, domainUuid));
    expect(tenant).toMatchObject({
      domainName: input.domainName,
      domainDescription: input.domainDescription,
      maxUsers: 5,
      maxExtensions: 3,
      recordingQuotaBytes: 50 * 1024 * 1024,
    });
    const exts = await t.database.db.select().from(extensions).where(eq(extensions.domainUuid, domainUuid));
    expect(exts.map((e) => e.extension).sort()).toEqual(['1001', '1002', '1003']);
    expect(
      await t.database.db.select().from(gateways).where(eq(gateways.domainUuid, domainUuid)),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(destinations).where(eq(destinations.domainUuid, domainUuid)),
    ).toHaveLength(1);
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, username));
    expect(admin?.userClass).toBe('CP');
    // The password answered once signs the administrator in.
    expect((await adminLogin(username, password)).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.domainUuid, domainUuid));
    expect(entry).toMatchObject({
      action: 'tenant.create',
      username: spUser.username,
      target: input.domainName,
    });
  });

  it('keeps a typed password', async () => {
    const { username, password } = await newTenant({
      admin: { username: `typed${Date.now() % 100000}`, userNm: '入力', password: 'Typed#Pass2026' },
    });
    expect(password).toBe('Typed#Pass2026');
    expect((await adminLogin(username, 'Typed#Pass2026')).statusCode).toBe(200);
  });

  it('refuses bad input with the rule’s message and creates nothing', async () => {
    const before = await tenantCount();
    const upper = await create(sp, wizard({ domainName: 'Shop.Example.jp' }));
    expect(upper.statusCode).toBe(400);
    expect(upper.json().msg).toBe(tenantMessages.domainName);
    const badId = await create(sp, wizard({ admin: { username: 'a', userNm: 'x' } }));
    expect(badId.json().msg).toBe(tenantMessages.loginId);
    const overRange = await create(sp, wizard({ extensions: { from: '1001', to: '1010' } }));
    expect(overRange.statusCode).toBe(400);
    expect(overRange.json().msg).toBe(tenantMessages.rangeOverQuota);
    const weak = await create(sp, wizard({ admin: { username: 'weakpw1', userNm: 'x', password: 'abc' } }));
    expect(weak.statusCode).toBe(400);
    expect(await tenantCount()).toBe(before);
  });

  it('refuses a taken domain name, login ID (any case) or incoming number, in one transaction', async () => {
    const first = await newTenant();
    const before = await tenantCount();
    const sameName = await create(sp, wizard({ domainName: first.input.domainName }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().msg).toBe(tenantMessages.domainNameTaken);
    const upperId = cpUser.username.toUpperCase();
    const sameId = await create(sp, wizard({ admin: { username: upperId, userNm: '重複' } }));
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().msg).toBe(tenantMessages.loginIdTaken);
    const taken = first.input.numbers[0]!.number;
    const sameNumber = await create(sp, wizard({ numbers: [{ name: '', number: taken }] }));
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().msg).toBe(tenantMessages.incomingTaken(taken));
    // Nothing of the refused wizards was written (the last one failed after its users and extensions).
    expect(await tenantCount()).toBe(before);
  });

  it('is the provider’s alone: a tenant administrator is refused and nothing is created', async () => {
    const before = await tenantCount();
    const res = await create(cp, wizard());
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
    expect((await t.request(cp, { method: 'GET', url: '/api/v1/domain/list' })).statusCode).toBe(403);
    expect(await tenantCount()).toBe(before);
  });
});

describe('the tenant list (GET /v1/domain/list)', () => {
  it('pages tenants with users and extensions used against their quotas, and filters', async () => {
    const { input, domainUuid } = await newTenant();
    const res = await t.request(sp, {
      method: 'GET',
      url: `/api/v1/domain/list?q=${encodeURIComponent(input.domainName)}`,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      domainUuid,
      enabled: true,
      usersUsed: 1,
      maxUsers: 5,
      extensionsUsed: 3,
      maxExtensions: 3,
      deletedAt: null,
    });
    const all = await t.request(sp, { method: 'GET', url: '/api/v1/domain/list?size=2&sort=createdAt,desc' });
    expect(all.json().data.content).toHaveLength(2);
    expect(all.json().data.totalElements).toBeGreaterThan(2);
    expect(
      (await t.request(sp, { method: 'GET', url: '/api/v1/domain/list?sort=enabled,asc' })).statusCode,
    ).toBe(400);
  });
});

describe('editing a tenant', () => {
  it('changes description, quotas, lines and numbers; never a quota below use or a line in use', async () => {
    const { input, domainUuid } = await newTenant();
    const url = `/api/v1/domain/${domainUuid}`;
    const edit = {
      domainDescription: '新しい説明',
      quotas: { ...input.quotas, maxUsers: 9, audioMb: 80 },
      lines: [...input.lines, { name: '第二回線', number: '0366660001' }],
      numbers: [],
    };
    expect((await t.request(sp, { method: 'POST', url, payload: edit })).statusCode).toBe(200);
    const detail = (await t.request(sp, { method: 'GET', url })).json().data;
    expect(detail).toMatchObject({ domainDescription: '新しい説明', domainName: input.domainName });
    expect(detail.quotas).toMatchObject({ maxUsers: 9, audioMb: 80 });
    expect(detail.lines).toHaveLength(2);
    expect(detail.numbers).toEqual([]);

    const below = await t.request(sp, {
      method: 'POST',
      url,
      payload: { ...edit, quotas: { ...edit.quotas, maxExtensions: 2 } },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().msg).toBe(tenantMessages.quotaBelowUse('内線数', 3));

    await t.database.db
      .update(extensions)
      .set({ outboundCallerIdNumber: '0366660001' })
      .where(eq(extensions.domainUuid, domainUuid));
    const inUse = await t.request(sp, { method: 'POST', url, payload: { ...edit, lines: input.lines } });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe(tenantMessages.lineInUse('0366660001', ['1001', '1002', '1003']));
    expect((await t.request(sp, { method: 'GET', url })).json().data.lines).toHaveLength(2);
  });
});

describe('quotas on every create path', () => {
  it('refuses an extension beyond the quota, naming it', async () => {
    const { domainUuid, username, password } = await newTenant({
      quotas: { maxUsers: 2, maxExtensions: 3, maxRingGroups: 0, maxIvrMenus: 0, audioMb: 1 },
    });
    const admin = await t.login(username, password);
    const ext = await t.request(admin, {
      method: 'POST',
      url: '/api/v1/extension/create',
      payload: { domainUuid, extension: '1004', effectiveCallerIdName: '新規' },
    });
    expect(ext.statusCode, ext.body).toBe(409);
    expect(ext.json().msg).toBe(tenantMessages.quotaReached('内線数', 3));
    const count3 = await t.database.db
      .select({ n: count() })
      .from(extensions)
      .where(eq(extensions.domainUuid, domainUuid));
    expect(count3[0]!.n).toBe(3);
  });

  it('refuses a ring group or an IVR menu beyond the quota, naming it, and adds nothing', async () => {
    const tenantUuid = office.domainUuid;
    const used = async (table: typeof ringGroups | typeof ivrMenus) =>
      (await t.database.db.select({ n: count() }).from(table).where(eq(table.domainUuid, tenantUuid)))[0]!.n;
    const groups = await used(ringGroups);
    const menus = await used(ivrMenus);
    await t.database.db
      .update(domains)
      .set({ maxRingGroups: groups, maxIvrMenus: menus })
      .where(eq(domains.domainUuid, tenantUuid));
    const group = await t.request(cp, {
      method: 'POST',
      url: '/api/v1/ringGroup',
      payload: {
        ...newRingGroupForm(),
        domainUuid: tenantUuid,
        ringGroupExtension: '351',
        ringGroupName: '上限',
        destList: ['1001'],
      },
    });
    expect(group.statusCode, group.body).toBe(409);
    expect(group.json().msg).toBe(tenantMessages.quotaReached('グループ数', groups));
    const menu = await t.request(cp, {
      method: 'POST',
      url: '/api/v1/ivr',
      payload: {
        domainUuid: tenantUuid,
        ivrMenuName: '上限メニュー',
        ivrMenuGreetLong: 'campaign.wav',
        ivrMenuEnabled: 'true',
        ivrMenuOptions: [{ ivrMenuOptionDigits: '1', ivrMenuOptionParam: 'lua nit_ivr_record.lua 1001' }],
      },
    });
    expect(menu.statusCode, menu.body).toBe(409);
    expect(menu.json().msg).toBe(tenantMessages.quotaReached('IVRメニュー数', menus));
    expect(await used(ringGroups)).toBe(groups);
    expect(await used(ivrMenus)).toBe(menus);
    await t.database.db
      .update(domains)
      .set({ maxRingGroups: null, maxIvrMenus: null })
      .where(eq(domains.domainUuid, tenantUuid));
  });
});

describe('disabling a tenant', () => {
  it('ends every session and socket at once, refuses sign-in clearly, and stops its calls', async () => {
    const { domainUuid, username, password } = await newTenant();
    const admin = await t.login(username, password);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
    const socket = stompClient(url, { connectHeaders: { login: row!.userUuid, passcode: admin.token } });
    clients.push(socket);
    await socket.connected;
    const { next: told } = await nextMessage(socket, topics.force(row!.userUuid));
    t.configChanges.length = 0;
    t.registrationDrops.length = 0;

    const res = await t.request(sp, { method: 'POST', url: `/api/v1/domain/${domainUuid}/disable` });
    expect(res.statusCode).toBe(200);
    // The console is told why, for its login page.
    expect(forcedOutReason((await told).body)).toBe(forcedOutMessages.tenantStopped);
    const closing = await socket.error;
    expect(closing.headers.message).toBeTruthy();
    await socket.closed;
    expect((await t.request(admin, { method: 'GET', url: `/api/v1/user/info/${username}` })).statusCode).toBe(
      401,
    );
    const refused = await adminLogin(username, password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe(tenantMessages.tenantDisabled);
    // A wrong password learns nothing about the tenant.
    expect((await adminLogin(username, 'Wrong#Pass2026')).json().msg).toBe(messages.loginFailed);
    // The engine reloads the tenant (now without routes) and drops its phones.
    expect(t.configChanges.filter((c) => c.tenantUuid === domainUuid).map((c) => c.kind)).toContain(
      'extension',
    );
    expect(
      t.registrationDrops
        .filter((d) => d.tenantUuid === domainUuid)
        .map((d) => d.extension)
        .sort(),
    ).toEqual(['1001', '1002', '1003']);

    expect(
      (await t.request(sp, { method: 'POST', url: `/api/v1/domain/${domainUuid}/enable` })).statusCode,
    ).toBe(200);
    expect((await adminLogin(username, password)).statusCode).toBe(200);
  });

  it('refuses the provider’s own tenant and a tenant administrator (nothing changed)', async () => {
    const res = await t.request(sp, { method: 'POST', url: `/api/v1/domain/${provider.domainUuid}/disable` });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(tenantMessages.ownTenantStop);
    const other = otherTenant;
    const byCp = await t.request(cp, { method: 'POST', url: `/api/v1/domain/${other.domainUuid}/disable` });
    expect(byCp.statusCode).toBe(403);
    const [tenantB] = await t.database.db
      .select()
      .from(domains)
      .where(eq(domains.domainUuid, other.domainUuid));
    expect(tenantB!.enabled).toBe(true);
  });
});

describe('deleting, restoring and purging a tenant', () => {
  it('needs the name typed; hides at once; restores; purges after 30 days', async () => {
    const { input, domainUuid, username, password } = await newTenant();
    const del = (confirm: string) =>
      t.request(sp, {
        method: 'DELETE',
        url: `/api/v1/domain/${domainUuid}?confirm=${encodeURIComponent(confirm)}`,
      });
    const wrong = await del('other.example');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(tenantMessages.confirmName);
    expect((await adminLogin(username, password)).statusCode).toBe(200);

    expect((await del(input.domainName)).statusCode).toBe(200);
    const q = encodeURIComponent(input.domainName);
    const active = await t.request(sp, { method: 'GET', url: `/api/v1/domain/list?q=${q}` });
    expect(active.json().data.totalElements).toBe(0);
    const deleted = await t.request(sp, { method: 'GET', url: `/api/v1/domain/list?q=${q}&state=deleted` });
    expect(deleted.json().data.content[0].domainUuid).toBe(domainUuid);
    expect((await adminLogin(username, password)).statusCode).toBe(401);

    expect(
      (await t.request(sp, { method: 'POST', url: `/api/v1/domain/${domainUuid}/restore` })).statusCode,
    ).toBe(200);
    expect(
      (await t.request(sp, { method: 'GET', url: `/api/v1/domain/list?q=${q}` })).json().data.content[0],
    ).toMatchObject({
      domainUuid,
      enabled: false,
    });

    // Deleted again, 31 days ago: the purge removes the tenant and everything of it, not its audit trail.
    expect((await del(input.domainName)).statusCode).toBe(200);
    const now = new Date();
    expect(await purgeDeletedTenants({ db: t.database.db, dataDir: t.config.dataDir, now })).toEqual([]);
    await t.database.db
      .update(domains)
      .set({ deletedAt: new Date(now.getTime() - 31 * 86_400_000) })
      .where(eq(domains.domainUuid, domainUuid));
    expect(await purgeDeletedTenants({ db: t.database.db, dataDir: t.config.dataDir, now })).toEqual([
      domainUuid,
    ]);
    expect(await t.database.db.select().from(domains).where(eq(domains.domainUuid, domainUuid))).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.username, username))).toEqual([]);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.domainUuid, domainUuid));
    expect(trail.map((e) => e.action)).toContain('tenant.purge');
  });
});
