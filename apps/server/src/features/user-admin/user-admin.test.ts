import { randomUUID } from 'node:crypto';
import { messages, topics, USER_CLASS, visibleMenu, menuConfig } from '@tsunagu/contract';
import {
  userAdminMessages,
  type ManagedUser,
  type ManagedUserSaveInput,
} from '@tsunagu/contract/admin/users';
import { extensionMessages } from '@tsunagu/contract/pbx/extension';
import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cdrs, extensions, users } from '../../platform/db/schema';
import { nextMessage, stompClient, type TestStompClient } from '../../platform/realtime/stomp-test-kit';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let url: string;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let cp: TestSession;
let cpUuid: string;
let otherCp: TestSession;
let sp: TestSession;
const clients: TestStompClient[] = [];
const STRONG = 'Strong#Pass1';

beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws') + '/ws';
  tenant = await t.build.tenant();
  other = await t.build.tenant();
  const admin = await t.build.user(tenant, { userClass: 'CP' });
  cpUuid = admin.userUuid;
  cp = await t.login(admin.username, FACTORY_PASSWORD);
  otherCp = await t.login((await t.build.user(other, { userClass: 'CP' })).username, FACTORY_PASSWORD);
  const provider = await t.build.tenant();
  sp = await t.login((await t.build.user(provider, { userClass: 'SP' })).username, FACTORY_PASSWORD);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.client.deactivate()));
  await t.close();
});

let seq = 0;
const newUser = (overrides: Partial<ManagedUserSaveInput> = {}): ManagedUserSaveInput => ({
  domainUuid: tenant.domainUuid,
  id: `member.${++seq}_${randomUUID().slice(0, 6)}@x`,
  userNm: `利用者 ${seq}`,
  userKana: 'りようしゃ',
  email: '',
  userClass: 'USER',
  phoneType: 'verto',
  userPopup: true,
  extensionUuid: null,
  groups: [],
  enabled: true,
  menu: menuConfig([]),
  password: STRONG,
  mustChangePassword: false,
  ...overrides,
});
const save = (session: TestSession, body: unknown) =>
  t.request(session, { method: 'POST', url: '/api/v1/user/save', payload: body as object });
const created = async (body: ManagedUserSaveInput, session = cp) => {
  const res = await save(session, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { user: ManagedUser; password: string | null };
};
const listPage = (session: TestSession, domainUuid: string, query = '') =>
  t.request(session, { method: 'GET', url: `/api/v1/user/list/${domainUuid}?${query}` });
const rowOf = async (userUuid: string) =>
  (await t.database.db.select().from(users).where(eq(users.userUuid, userUuid)))[0];

describe('user list', () => {
  it('pages, searches and sorts the tenant’s users, with groups, class and online state', async () => {
    const ext = await t.build.extension(tenant);
    const { user } = await created(
      newUser({ userNm: '検索 太郎', userKana: 'けんさく', extensionUuid: ext.extensionUuid }),
    );
    const res = await listPage(cp, tenant.domainUuid, 'q=けんさく');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({ userUuid: user.userUuid, extension: ext.extension, loginCnt: 0 });
    const byExtension = await listPage(cp, tenant.domainUuid, `q=${ext.extension}`);
    expect(byExtension.json().data.content.map((u: ManagedUser) => u.userUuid)).toEqual([user.userUuid]);
    const sorted = (await listPage(cp, tenant.domainUuid, 'sort=userNm,desc&size=100')).json().data
      .content as ManagedUser[];
    const names = sorted.map((u) => u.userNm);
    expect(names).toEqual([...names].sort().reverse());
    expect((await listPage(cp, tenant.domainUuid, 'sort=password,asc')).statusCode).toBe(400);
  });

  it('each row carries its presence groups in display order and its online sessions', async () => {
    const { user } = await created(newUser({ userNm: '所属 花子', userKana: 'しょぞく' }));
    const member = (await rowOf(user.userUuid))!;
    await t.build.userGroup(tenant, [member], { name: '後の組', sortOrder: 2 });
    await t.build.userGroup(tenant, [member], { name: '先の組', sortOrder: 1 });
    const session = await t.login(user.id, STRONG);
    const c = stompClient(url, { connectHeaders: { login: user.userUuid, passcode: session.token } });
    clients.push(c);
    await c.connected;
    const row = async () => (await listPage(cp, tenant.domainUuid, 'q=しょぞく')).json().data.content[0];
    await expect.poll(async () => (await row()).loginCnt, { timeout: 10_000 }).toBe(1);
    expect((await row()).groups.map((g: { commName: string }) => g.commName)).toEqual(['先の組', '後の組']);
    await c.client.deactivate();
    await expect.poll(async () => (await row()).loginCnt, { timeout: 10_000 }).toBe(0);
  });

  it('shows only the caller’s tenant: another tenant’s list is refused (403), a provider may read any', async () => {
    expect((await listPage(otherCp, tenant.domainUuid)).statusCode).toBe(403);
    const asSp = await listPage(sp, tenant.domainUuid);
    expect(asSp.statusCode).toBe(200);
    expect(asSp.json().data.totalElements).toBeGreaterThan(0);
    const export_ = await t.request(cp, {
      method: 'GET',
      url: `/api/v1/user/list/${tenant.domainUuid}/export`,
    });
    expect(export_.statusCode).toBe(200);
    expect((export_.json().data as ManagedUser[]).every((u) => u.userUuid)).toBe(true);
  });

  it('is refused to staff (hidden menu and endpoint), whatever their stored menu says', async () => {
    const staff = await t.build.user(tenant, { menu: menuConfig([]) });
    const session = await t.login(staff.username, FACTORY_PASSWORD);
    expect((await listPage(session, tenant.domainUuid)).statusCode).toBe(403);
    expect((await save(session, newUser())).statusCode).toBe(403);
    const paths = JSON.stringify(visibleMenu({ userClass: 'USER', menu: staff.menu }));
    expect(paths).not.toContain('/system/user');
  });
});

describe('creating and editing users', () => {
  it('creates a user who signs in with the typed password; a generated one is answered once', async () => {
    const { user, password } = await created(newUser());
    expect(password).toBeNull();
    await t.login(user.id, STRONG);
    const generated = await created(
      newUser({ password: undefined, generatePassword: true, mustChangePassword: true }),
    );
    expect(generated.password).toMatch(/.{14}/);
    expect(generated.user.mustChangePassword).toBe(true);
    await t.login(generated.user.id, generated.password!);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, generated.user.userUuid));
    expect(JSON.stringify(entries)).not.toContain(generated.password!);
    expect(entries.map((e) => e.action)).toContain('user.create');
  });

  it('checks login IDs: the format, and uniqueness in the whole system regardless of case', async () => {
    for (const id of ['a', 'x'.repeat(65), 'has space', 'ユーザー', 'semi;colon']) {
      const res = await save(cp, newUser({ id }));
      expect(res.statusCode, id).toBe(400);
      expect(res.json().msg).toBe(userAdminMessages.loginIdFormat);
    }
    const { user } = await created(newUser({ id: 'Case.Taken' }));
    const res = await save(otherCp, newUser({ domainUuid: other.domainUuid, id: 'case.taken' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(userAdminMessages.loginIdTaken);
    expect((await rowOf(user.userUuid))?.domainUuid).toBe(tenant.domainUuid);
  });

  it('requires the spec’s password rule, or a generated password, for a new user', async () => {
    const weak = await save(cp, newUser({ password: 'short' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toContain('8文字以上');
    const none = await save(cp, newUser({ password: undefined }));
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(userAdminMessages.passwordMissing);
  });

  it('never makes anyone SP: not by a CP, not by a provider, and SP users are not edited here', async () => {
    for (const session of [cp, sp]) {
      const res = await save(session, newUser({ userClass: 'SP' as 'CP' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(userAdminMessages.classForbidden);
    }
    const { user } = await created(newUser());
    const raise = await save(cp, {
      ...newUser({ userClass: 'SP' as 'CP' }),
      userUuid: user.userUuid,
      id: user.id,
    });
    expect(raise.statusCode).toBe(400);
    expect((await rowOf(user.userUuid))?.userClass).toBe('USER');
    const spInTenant = await t.build.user(tenant, { userClass: USER_CLASS.provider });
    const edit = await save(sp, { ...newUser({ id: spInTenant.username }), userUuid: spInTenant.userUuid });
    expect(edit.statusCode).toBe(403);
  });

  it('gives an extension to one user at most, of the tenant only', async () => {
    const ext = await t.build.extension(tenant);
    await created(newUser({ extensionUuid: ext.extensionUuid }));
    const taken = await save(cp, newUser({ extensionUuid: ext.extensionUuid }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe(userAdminMessages.extensionTaken);
    const foreign = await t.build.extension(other);
    const outside = await save(cp, newUser({ extensionUuid: foreign.extensionUuid }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().msg).toBe(userAdminMessages.extensionUnknown);
  });

  it('names an unnamed extension after the user given it (what colleagues see when called); a named one keeps its name', async () => {
    const nameOf = async (extensionUuid: string) =>
      (await t.database.db.select().from(extensions).where(eq(extensions.extensionUuid, extensionUuid)))[0]
        ?.effectiveCallerIdName;
    const unnamed = await t.build.extension(tenant);
    await created(newUser({ userNm: ' 命名 太郎 ', extensionUuid: unnamed.extensionUuid }));
    expect(await nameOf(unnamed.extensionUuid)).toBe('命名 太郎');
    const named = await t.build.extension(tenant, { effectiveCallerIdName: '受付' });
    await created(newUser({ extensionUuid: named.extensionUuid }));
    expect(await nameOf(named.extensionUuid)).toBe('受付');
  });

  it('creates a new extension with the user in one transaction, and nothing when the user fails', async () => {
    const { user } = await created(
      newUser({ newExtension: { extension: '3456', effectiveCallerIdName: '新人' } }),
    );
    expect(user.extension).toBe('3456');
    const badNumber = await save(
      cp,
      newUser({ newExtension: { extension: '3456', effectiveCallerIdName: 'x' } }),
    );
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().msg).toBe(extensionMessages.numberTaken);
    // The user's ID is taken: the new extension must not stay behind.
    const half = await save(
      cp,
      newUser({ id: user.id, newExtension: { extension: '3457', effectiveCallerIdName: 'y' } }),
    );
    expect(half.statusCode).toBe(409);
    const left = await t.database.db
      .select()
      .from(extensions)
      .where(and(eq(extensions.domainUuid, tenant.domainUuid), eq(extensions.extension, '3457')));
    expect(left).toHaveLength(0);
    expect(t.configChanges.some((c) => c.tenantUuid === tenant.domainUuid && c.kind === 'extension')).toBe(
      true,
    );
  });

  it('stores a staff menu in the spec’s shape, always hiding the administrators’ own items', async () => {
    const { user } = await created(newUser({ menu: menuConfig([2000, 2100, 2200, 2300]) }));
    const stored = (await rowOf(user.userUuid))!.menu;
    const visible = JSON.stringify(visibleMenu({ userClass: 'USER', menu: stored }));
    expect(visible).not.toContain('/cust/');
    expect(visible).toContain('/pbx/extension');
    expect(visible).not.toContain('/system/user');
    const bad = await save(cp, newUser({ menu: '{not json' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(userAdminMessages.menuInvalid);
  });

  it('records the values before and after an edit', async () => {
    const { user } = await created(newUser({ userNm: '前の名前' }));
    const edit = await save(cp, { ...newUser({ id: user.id, userNm: '後の名前' }), userUuid: user.userUuid });
    expect(edit.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, user.userUuid), eq(auditLog.action, 'user.save')));
    expect(entry?.detail).toMatchObject({ before: { userNm: '前の名前' }, after: { userNm: '後の名前' } });
  });

  it('refuses to edit another tenant’s user (403 for the tenant named, 404 for a user not found in it)', async () => {
    const { user } = await created(newUser({ userNm: '守られる' }));
    const named = await save(otherCp, {
      ...newUser({ userNm: '奪取' }),
      userUuid: user.userUuid,
      id: user.id,
    });
    expect(named.statusCode).toBe(403);
    const own = await save(otherCp, {
      ...newUser({ domainUuid: other.domainUuid, userNm: '奪取' }),
      userUuid: user.userUuid,
      id: user.id,
    });
    expect(own.statusCode).toBe(404);
    expect((await rowOf(user.userUuid))?.userNm).toBe('守られる');
  });

  it('does not let an administrator disable or demote themselves', async () => {
    const me = (await rowOf(cpUuid))!;
    const base = { ...newUser({ id: me.username, userClass: 'CP' }), userUuid: cpUuid };
    expect((await save(cp, { ...base, enabled: false })).json().msg).toBe(
      userAdminMessages.cannotDisableSelf,
    );
    expect((await save(cp, { ...base, userClass: 'USER' })).json().msg).toBe(
      userAdminMessages.cannotDemoteSelf,
    );
  });
});

describe('disable, reset, delete', () => {
  it('disabling ends every live session at once: the STOMP client is told and closed; sign-in says stopped', async () => {
    const { user } = await created(newUser());
    const session = await t.login(user.id, STRONG);
    const c = stompClient(url, { connectHeaders: { login: user.userUuid, passcode: session.token } });
    clients.push(c);
    await c.connected;
    const { next: told } = await nextMessage(c, topics.force(user.userUuid));
    const res = await save(cp, { ...newUser({ id: user.id }), userUuid: user.userUuid, enabled: false });
    expect(res.statusCode).toBe(200);
    await told;
    await c.closed;
    expect(
      (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${user.id}` })).statusCode,
    ).toBe(401);
    const again = await t.request(null, {
      method: 'POST',
      url: '/api/login',
      payload: { username: user.id, password: STRONG },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().msg).toBe(messages.userDisabled);
  });

  it('resets a password: a new one shown once, old sessions ended, change required at next sign-in', async () => {
    const { user } = await created(newUser());
    const session = await t.login(user.id, STRONG);
    const res = await t.request(cp, { method: 'POST', url: `/api/v1/user/resetPassword/${user.userUuid}` });
    expect(res.statusCode).toBe(200);
    const { password } = res.json().data as { password: string };
    expect(
      (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${user.id}` })).statusCode,
    ).toBe(401);
    // User info tells the console to ask for a new password; changing it clears the flag.
    const fresh = await t.login(user.id, password);
    expect((await rowOf(user.userUuid))?.mustChangePassword).toBe(true);
    const info = await t.request(fresh, { method: 'GET', url: `/api/v1/user/info/${user.id}` });
    expect(info.json().data.user.mustChangePassword).toBe(true);
    const change = await t.request(fresh, {
      method: 'POST',
      url: '/api/v1/user',
      payload: {
        userUuid: user.userUuid,
        userCredentials: { password: 'Changed#Pass2', currentPassword: password },
      },
    });
    expect(change.statusCode).toBe(200);
    expect((await rowOf(user.userUuid))?.mustChangePassword).toBe(false);
    const foreign = await t.request(otherCp, {
      method: 'POST',
      url: `/api/v1/user/resetPassword/${user.userUuid}`,
    });
    expect(foreign.statusCode).toBe(404);
    await t.login(user.id, 'Changed#Pass2');
  });

  it('deletes a user: sessions end, call history keeps the name, other tenants cannot', async () => {
    const ext = await t.build.extension(tenant);
    const { user } = await created(newUser({ userNm: '退職 者', extensionUuid: ext.extensionUuid }));
    const call = await t.build.call(ext, { callerIdName: '退職 者' });
    const foreign = await t.request(otherCp, { method: 'DELETE', url: `/api/v1/user/${user.userUuid}` });
    expect(foreign.statusCode).toBe(404);
    expect(await rowOf(user.userUuid)).toBeDefined();
    const session = await t.login(user.id, STRONG);
    const res = await t.request(cp, { method: 'DELETE', url: `/api/v1/user/${user.userUuid}` });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(user.userUuid)).toBeUndefined();
    expect(
      (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${user.id}` })).statusCode,
    ).toBe(401);
    const [kept] = await t.database.db.select().from(cdrs).where(eq(cdrs.cdrUuid, call.cdrUuid));
    expect(kept?.callerIdName).toBe('退職 者');
    const self = await t.request(cp, { method: 'DELETE', url: `/api/v1/user/${cpUuid}` });
    expect(self.json().msg).toBe(userAdminMessages.cannotDeleteSelf);
  });

  it('records the last sign-in', async () => {
    const { user } = await created(newUser());
    await t.login(user.id, STRONG);
    const page = (await listPage(cp, tenant.domainUuid, `q=${encodeURIComponent(user.id)}`)).json().data;
    expect(page.content[0].lastSignInAt).not.toBeNull();
  });
});

describe('tenant quotas on user management', () => {
  it('refuses a user or a new extension beyond the quota, naming it, and writes nothing', async () => {
    const full = await t.build.tenant({ maxUsers: 1, maxExtensions: 0 });
    const admin = await t.login((await t.build.user(full, { userClass: 'CP' })).username, FACTORY_PASSWORD);
    const save = (body: ManagedUserSaveInput) =>
      t.request(admin, { method: 'POST', url: '/api/v1/user/save', payload: body });
    const before = (await t.database.db.select().from(users).where(eq(users.domainUuid, full.domainUuid)))
      .length;
    const refused = await save(newUser({ domainUuid: full.domainUuid }));
    expect([refused.statusCode, refused.json().msg]).toEqual([
      409,
      tenantMessages.quotaReached('ユーザー数', 1),
    ]);
    const after = (await t.database.db.select().from(users).where(eq(users.domainUuid, full.domainUuid)))
      .length;
    expect(after).toBe(before);
  });
});
