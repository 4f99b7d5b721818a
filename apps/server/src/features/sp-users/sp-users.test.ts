import { isStrongPassword, messages } from '@tsunagu/contract';
import { tenantMessages, type SpUser } from '@tsunagu/contract/tenant-admin';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let sp: TestSession;
let cp: TestSession;
type User = Awaited<ReturnType<TestApp['build']['user']>>;
// The one provider user, and an office with its administrator and a staff user.
let me: User;
let admin: User;
let staff: User;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.build.user(await t.build.tenant(), { userClass: 'SP', userNm: '提供 太郎' });
  const office = await t.build.tenant();
  admin = await t.build.user(office, { userClass: 'CP' });
  staff = await t.build.user(office);
  sp = await t.login(me.username, FACTORY_PASSWORD);
  cp = await t.login(admin.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
const list = async () =>
  (await t.request(sp, { method: 'GET', url: '/api/v1/spUser/list' })).json().data as SpUser[];
const save = (session: TestSession, body: object) =>
  t.request(session, { method: 'POST', url: '/api/v1/spUser', payload: body });
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;

describe('provider users (/v1/spUser)', () => {
  it('creates one with a password shown once, edits, resets the password, disables and deletes', async () => {
    const created = await save(sp, { username: 'sp-ops', userNm: '運用 一郎', enabled: true });
    expect(created.statusCode, created.body).toBe(200);
    const { userUuid, password } = created.json().data;
    expect(isStrongPassword(password)).toBe(true);
    // A provider's password leads to the second step (two-step sign-in is required for providers).
    expect((await signIn('sp-ops', password)).json().data.twoStep).toMatchObject({ mode: 'setup' });
    await t.login('sp-ops', password);
    expect((await list()).find((u) => u.userUuid === userUuid)).toMatchObject({
      username: 'sp-ops',
      userNm: '運用 一郎',
      enabled: true,
    });
    expect((await list()).find((u) => u.userUuid === userUuid)?.lastLoginAt).not.toBeNull();

    const edited = await save(sp, { userUuid, username: 'sp-ops', userNm: '運用 次郎', enabled: true });
    expect(edited.json().data.password).toBeNull();
    expect((await list()).find((u) => u.userUuid === userUuid)?.userNm).toBe('運用 次郎');

    const ops = await t.login('sp-ops', password);
    const reset = await t.request(sp, { method: 'POST', url: `/api/v1/spUser/${userUuid}/resetPassword` });
    const fresh = reset.json().data.password as string;
    expect(isStrongPassword(fresh)).toBe(true);
    expect((await signIn('sp-ops', password)).statusCode).toBe(401);
    expect((await t.request(ops, { method: 'GET', url: '/api/v1/user/info/sp-ops' })).statusCode).toBe(401);
    expect((await signIn('sp-ops', fresh)).json().data.twoStep).toBeTruthy();

    expect(
      (await t.request(sp, { method: 'POST', url: `/api/v1/spUser/${userUuid}/disable` })).statusCode,
    ).toBe(200);
    // A stopped account says so to the right password (user management's rule).
    const stopped = await signIn('sp-ops', fresh);
    expect([stopped.statusCode, stopped.json().msg]).toEqual([403, messages.userDisabled]);
    expect((await t.request(sp, { method: 'DELETE', url: `/api/v1/spUser/${userUuid}` })).statusCode).toBe(
      200,
    );
    expect((await list()).some((u) => u.userUuid === userUuid)).toBe(false);
  });

  it('refuses a login ID already used anywhere, regardless of case', async () => {
    const upper = staff.username.toUpperCase();
    const res = await save(sp, { username: upper, userNm: '重複', enabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(tenantMessages.loginIdTaken);
  });

  it('never disables or deletes the last enabled provider user', async () => {
    const enabled = (await list()).filter((u) => u.enabled);
    expect(enabled.map((u) => u.username)).toEqual([me.username]);
    for (const res of [
      await t.request(sp, { method: 'POST', url: `/api/v1/spUser/${me.userUuid}/disable` }),
      await t.request(sp, { method: 'DELETE', url: `/api/v1/spUser/${me.userUuid}` }),
      await save(sp, { userUuid: me.userUuid, username: me.username, userNm: me.userNm, enabled: false }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(tenantMessages.lastProvider);
    }
    expect((await t.request(sp, { method: 'GET', url: `/api/v1/user/info/${me.username}` })).statusCode).toBe(
      200,
    );
  });

  it('is the provider’s alone: a tenant administrator changes nothing (403)', async () => {
    const before = await userCount();
    const id = me.userUuid;
    for (const res of [
      await t.request(cp, { method: 'GET', url: '/api/v1/spUser/list' }),
      await save(cp, { username: 'sneaky', userNm: '不正', enabled: true }),
      await t.request(cp, { method: 'POST', url: `/api/v1/spUser/${id}/disable` }),
      await t.request(cp, { method: 'DELETE', url: `/api/v1/spUser/${id}` }),
      await t.request(cp, { method: 'POST', url: `/api/v1/spUser/${id}/resetPassword` }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(messages.forbidden);
    }
    expect(await userCount()).toBe(before);
    expect((await signIn(me.username, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('does not touch a user who is not a provider', async () => {
    const res = await t.request(sp, {
      method: 'POST',
      url: `/api/v1/spUser/${admin.userUuid}/resetPassword`,
    });
    expect(res.statusCode).toBe(404);
    expect((await signIn(admin.username, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});
