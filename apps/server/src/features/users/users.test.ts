import {
  PASSWORD_MESSAGE,
  messages,
  type TenantDirectory,
  type UserInfo,
  type UserInfoWithDirectory,
} from '@tsunagu/contract';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, extensions, users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

type Row = Awaited<ReturnType<TestApp['build']['user']>>;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;

// An office of its own: three extensions, two outside lines, four staff (three in 営業部) and a provider user.
let t: TestApp;
let office: Tenant;
let staff: { yamada: Row; suzuki: Row; tanaka: Row; sato: Row; sp: Row };
let yamada: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  const { build } = t;
  office = await build.tenant({ domainDescription: '試験株式会社' });
  const [e1, e2] = [
    await build.extension(office, { effectiveCallerIdName: '山田 太郎' }),
    await build.extension(office, { effectiveCallerIdName: '鈴木 花子' }),
    await build.extension(office, { effectiveCallerIdName: '受付' }),
  ];
  await build.gateway(office, { gateway: '0312345678' });
  await build.gateway(office, { gateway: '0312345679' });
  staff = {
    yamada: await build.user(office, { userNm: '山田 太郎', extensionUuid: e1!.extensionUuid }),
    suzuki: await build.user(office, { userNm: '鈴木 花子', extensionUuid: e2!.extensionUuid }),
    tanaka: await build.user(office, { userNm: '田中 一郎' }),
    sato: await build.user(office, { userNm: '佐藤 次郎' }),
    sp: await build.user(await build.tenant(), { userClass: 'SP' }),
  };
  await build.userGroup(office, [staff.yamada, staff.suzuki, staff.tanaka], {
    name: '営業部',
    representativeNumber: '300',
  });
  yamada = await signIn('yamada');
});
afterAll(() => t.close());

const signIn = (who: keyof typeof staff) => t.login(staff[who].username, FACTORY_PASSWORD);

const info = (s: TestSession | null, username: string) =>
  t.request(s, { method: 'GET', url: `/api/v1/user/info/${username}` });
const directoryOf = (s: TestSession, domainUuid: string, headers: Record<string, string> = {}) =>
  t.request(s, { method: 'GET', url: `/api/v1/user/directory/${domainUuid}`, headers });
const save = (s: TestSession, payload: object, headers: Record<string, string> = {}) =>
  t.request(s, { method: 'POST', url: '/api/v1/user', payload, headers });

describe('GET /api/v1/user/info/{username}', () => {
  it("returns the user and the tenant only: the shell's few hundred bytes, whatever the tenant's size", async () => {
    const res = await info(yamada, staff.yamada.username);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as UserInfo;
    expect(data.user).toMatchObject({
      id: staff.yamada.username,
      userNm: '山田 太郎',
      phoneType: 'verto',
      userClass: 'USER',
      popup: 'true',
      extension: '2001',
    });
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(data.domain).toMatchObject({
      domainName: office.domainName,
      domainDescription: '試験株式会社',
      timeZone: 'Asia/Tokyo',
    });
    expect(Object.keys(data).sort()).toEqual(['domain', 'user']);
    expect(res.rawPayload.length).toBeLessThan(2_000);
    const directory = (await directoryOf(yamada, data.domain.domainUuid)).json().data as TenantDirectory;
    const sales = directory.userGroup.commDetails.find((g) => g.commName === '営業部');
    expect(data.user.userGroupUuid).toBe(sales?.commUuid);
  });

  it("with ?directory=true: the spec's whole info, extensions, gateways and groups with login counts", async () => {
    const data = (await info(yamada, `${staff.yamada.username}?directory=true`)).json()
      .data as UserInfoWithDirectory;
    expect(data.user.id).toBe(staff.yamada.username);
    expect(data.extensions.map((e) => e.extension)).toEqual(['2001', '2002', '2003']);
    expect(data.extensions[0]).toEqual(
      expect.objectContaining({ extension: '2001', label: '2001 (山田 太郎)' }),
    );
    expect(JSON.stringify(data)).not.toMatch(/password_?enc|v1:/i);
    expect(data.gwList.map((g) => g.gateway)).toEqual(['0312345678', '0312345679']);
    const sales = data.userGroup.commDetails.find((g) => g.commName === '営業部');
    expect(sales?.commSub1).toBe('300');
    expect(data.user.userGroupUuid).toBe(sales?.commUuid);
    const me = sales?.userList.find((u) => u.userNm === '山田 太郎');
    // Signed in but without a real-time connection: not online (presence tests cover the online case).
    expect(me?.loginCnt).toBe(0);
    expect(me?.extension).toBe('2001');
    expect(sales?.userList.find((u) => u.userNm === '鈴木 花子')?.loginCnt).toBe(0);
  });

  it('counts online sessions per member and leaves disabled users out of their groups', async () => {
    const suzuki = await signIn('suzuki');
    const { db } = t.database;
    // Suzuki's sessions have a real-time connection open on a live instance.
    await db.execute(sql`INSERT INTO realtime_instances (instance_id) VALUES ('users-test')`);
    await db.execute(sql`INSERT INTO realtime_connections (session_uuid, instance_id, connections)
      SELECT session_uuid, 'users-test', 1 FROM sessions
      WHERE user_uuid = ${staff.suzuki.userUuid} AND revoked_at IS NULL`);
    await db.update(users).set({ enabled: false }).where(eq(users.userUuid, staff.tanaka.userUuid));
    try {
      const data = (await info(yamada, `${staff.yamada.username}?directory=true`)).json()
        .data as UserInfoWithDirectory;
      const members = data.userGroup.commDetails.flatMap((g) => g.userList);
      expect(members.find((u) => u.userNm === '鈴木 花子')?.loginCnt).toBe(1);
      expect(members.find((u) => u.userNm === '山田 太郎')?.loginCnt).toBe(0);
      expect(members.some((u) => u.userNm.startsWith('田中'))).toBe(false);
      const directory = (await directoryOf(yamada, data.domain.domainUuid)).json().data as TenantDirectory;
      const listed = directory.userGroup.commDetails.flatMap((g) => g.userList);
      expect(listed.some((u) => u.userNm.startsWith('田中'))).toBe(false);
      expect(listed[0]).not.toHaveProperty('loginCnt');
    } finally {
      await db.update(users).set({ enabled: true }).where(eq(users.userUuid, staff.tanaka.userUuid));
      await t.request(suzuki, { method: 'GET', url: '/api/logout' });
    }
  });

  it("refuses another user's info (403) unless the caller is SP", async () => {
    expect((await info(yamada, staff.suzuki.username)).statusCode).toBe(403);
    const sp = await signIn('sp');
    const res = await info(sp, staff.suzuki.username);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(staff.suzuki.username);
  });

  it('stores the staff menu that hides PBX management, system and analysis', async () => {
    const menu = JSON.parse((await info(yamada, staff.yamada.username)).json().data.user.menu) as {
      variant: number;
      attributes: { hidden: boolean };
    }[];
    const hidden = (v: number) => menu.find((m) => m.variant === v)?.attributes.hidden;
    expect(hidden(0)).toBe(false);
    expect(hidden(2000)).toBe(false);
    expect(hidden(8000)).toBe(true);
    expect(hidden(3000)).toBe(true);
    expect(hidden(4000)).toBe(true);
  });
});

describe('GET /api/v1/user/directory/{domainUuid}', () => {
  const domainOf = async () =>
    ((await info(yamada, staff.yamada.username)).json().data as UserInfo).domain.domainUuid;

  it('serves the tenant directory compressed, with an ETag the browser revalidates (304, no bytes)', async () => {
    const domainUuid = await domainOf();
    const plain = await directoryOf(yamada, domainUuid);
    expect(plain.statusCode).toBe(200);
    const data = plain.json().data as TenantDirectory;
    expect(data.extensions.map((e) => e.extension)).toHaveLength(3);
    expect(data.gwList.map((g) => g.gateway)).toEqual(['0312345678', '0312345679']);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const br = await directoryOf(yamada, domainUuid, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await directoryOf(yamada, domainUuid, { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const again = await directoryOf(yamada, domainUuid, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
  });

  it("is built again after the tenant's change: the old ETag no longer matches", async () => {
    const domainUuid = await domainOf();
    const before = await directoryOf(yamada, domainUuid);
    const { db } = t.database;
    await db
      .update(extensions)
      .set({ effectiveCallerIdName: '受付 変更' })
      .where(and(eq(extensions.domainUuid, domainUuid), eq(extensions.extension, '2003')));
    const after = await directoryOf(yamada, domainUuid, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const data = after.json().data as TenantDirectory;
    expect(data.extensions.find((e) => e.extension === '2003')?.label).toBe('2003 (受付 変更)');
  });

  it("refuses another tenant's directory (403) and a caller without a session (401)", async () => {
    const other = await directoryOf(yamada, randomUUID());
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe(messages.otherTenant);
    const anonymous = await t.request(null, {
      method: 'GET',
      url: `/api/v1/user/directory/${await domainOf()}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/v1/user', () => {
  it('needs the XSRF header matching the cookie (403 otherwise)', async () => {
    const userUuid = (await info(yamada, staff.yamada.username)).json().data.user.userUuid;
    const payload = { userUuid, popup: 'false' };
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      payload,
      headers: {
        authorization: yamada.headers.authorization as string,
        cookie: yamada.headers.cookie as string,
      },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().msg).toBe(messages.xsrf);
    const mismatched = await save(yamada, payload, { 'x-xsrf-token': 'something-else' });
    expect(mismatched.statusCode).toBe(403);
  });

  it("saves the pop-up setting with 'Will take effect after re-login'", async () => {
    const userUuid = (await info(yamada, staff.yamada.username)).json().data.user.userUuid;
    const res = await save(yamada, { userUuid, popup: 'false', userCredentials: { password: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, msg: messages.popupChanged });
    expect((await info(yamada, staff.yamada.username)).json().data.user.popup).toBe('false');
  });

  it('refuses a pop-up change when userPopup is false', async () => {
    await t.database.db
      .update(users)
      .set({ userPopup: false })
      .where(eq(users.userUuid, staff.suzuki.userUuid));
    const suzuki = await signIn('suzuki');
    const userUuid = staff.suzuki.userUuid;
    const res = await save(suzuki, { userUuid, popup: 'false' });
    expect(res.statusCode).toBe(403);
  });

  it('checks the password rule on the server with the spec message', async () => {
    const userUuid = (await info(yamada, staff.yamada.username)).json().data.user.userUuid;
    for (const weak of ['Sh#1abc', 'alllowercase#1', 'ALLUPPER#1', 'NoDigits#x', 'NoSpecial1x']) {
      const res = await save(yamada, {
        userUuid,
        userCredentials: { password: weak, currentPassword: FACTORY_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(PASSWORD_MESSAGE);
    }
  });

  it('changes the password, ends the other sessions and keeps the current one', async () => {
    const { username, userUuid } = staff.tanaka;
    const other = await signIn('tanaka');
    const current = await signIn('tanaka');
    const res = await save(current, {
      userUuid,
      userCredentials: { password: 'New#Pass2026', currentPassword: FACTORY_PASSWORD },
    });
    expect(res.json()).toMatchObject({ code: 0, msg: messages.changed });
    expect((await info(current, username)).statusCode).toBe(200);
    expect((await info(other, username)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: FACTORY_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await t.login(username, 'New#Pass2026');
  });

  it('needs the right current password for a new one, and changes nothing without it', async () => {
    const { username, userUuid } = staff.sato;
    const other = await signIn('sato');
    const current = await signIn('sato');
    const missing = await save(current, { userUuid, userCredentials: { password: 'Taken#Over2026' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('現在のパスワードを入力してください。');
    const wrong = await save(current, {
      userUuid,
      userCredentials: { password: 'Taken#Over2026', currentPassword: 'Guess#2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: messages.currentPasswordWrong, data: null });
    // Nothing changed: the old password still signs in and the other session still works.
    expect((await info(other, username)).statusCode).toBe(200);
    await signIn('sato');
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.passwordFailure'), eq(auditLog.username, username)));
    expect(failures).toHaveLength(1);
  });

  it('throttles guessing the current password like a sign-in', async () => {
    const limited = await createTestApp({ config: { loginLimitPerUser: 2 } });
    try {
      const { username, userUuid } = await limited.build.user(await limited.build.tenant());
      const s = await limited.login(username, FACTORY_PASSWORD);
      const guess = () =>
        limited.request(s, {
          method: 'POST',
          url: '/api/v1/user',
          payload: { userUuid, userCredentials: { password: 'Taken#Over2026', currentPassword: 'Guess#1' } },
        });
      expect((await guess()).statusCode).toBe(400);
      expect((await guess()).statusCode).toBe(400);
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toBe(messages.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });

  it("refuses to change another user's settings", async () => {
    const res = await save(yamada, { userUuid: staff.suzuki.userUuid, popup: 'true' });
    expect(res.statusCode).toBe(403);
  });

  it('rejects a body that changes nothing or has wrong types with 400', async () => {
    const userUuid = (await info(yamada, staff.yamada.username)).json().data.user.userUuid;
    expect((await save(yamada, { userUuid })).statusCode).toBe(400);
    expect((await save(yamada, { userUuid, popup: 'maybe' })).statusCode).toBe(400);
    expect((await save(yamada, { userUuid: 'not-a-uuid', popup: 'true' })).statusCode).toBe(400);
  });

  it('switches the phone type', async () => {
    const userUuid = (await info(yamada, staff.yamada.username)).json().data.user.userUuid;
    expect((await save(yamada, { userUuid, phoneType: 'phone' })).statusCode).toBe(200);
    expect((await info(yamada, staff.yamada.username)).json().data.user.phoneType).toBe('phone');
    await save(yamada, { userUuid, phoneType: 'verto' });
  });
});

describe('GET /api/v1/softphone/connection', () => {
  it("gives a user only their own extension's credentials", async () => {
    const res = await t.request(yamada, { method: 'GET', url: '/api/v1/softphone/connection' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toMatchObject({
      user: `2001@${office.domainName}`,
      callerNumber: '2001',
      callerName: '山田 太郎',
      socketUrl: '/verto',
    });
    expect(data.pass).toMatch(/^[A-Za-z0-9]{16}$/);
    const suzuki = await signIn('suzuki');
    const theirs = (await t.request(suzuki, { method: 'GET', url: '/api/v1/softphone/connection' })).json()
      .data;
    expect(theirs.user).toBe(`2002@${office.domainName}`);
    expect(theirs.pass).not.toBe(data.pass);
  });

  it('answers 404 with a message for a user without an extension', async () => {
    const sp = await signIn('sp');
    const res = await t.request(sp, { method: 'GET', url: '/api/v1/softphone/connection' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toMatch(/内線/);
  });
});
