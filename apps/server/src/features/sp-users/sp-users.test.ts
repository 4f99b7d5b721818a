import { isStrongPassword, messages } from '@tsunagu/contract';
import { tenantMessages, type SpUser } from '@tsunagu/contract/tenant-admin';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { createTestApp, PASSWORDS, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let sp: TestSession;
let cp: TestSession;

beforeAll(async () => {
  t = await createTestApp();
  sp = await t.login('sp', PASSWORDS.sp!);
  cp = await t.login('admin', PASSWORDS.admin!);
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
    const res = await save(sp, { username: 'Yamada', userNm: '重複', enabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(tenantMessages.loginIdTaken);
  });

  it('never disables or deletes the last enabled provider user', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'sp'));
    const enabled = (await list()).filter((u) => u.enabled);
    expect(enabled.map((u) => u.username)).toEqual(['sp']);
    for (const res of [
      await t.request(sp, { method: 'POST', url: `/api/v1/spUser/${me!.userUuid}/disable` }),
      await t.request(sp, { method: 'DELETE', url: `/api/v1/spUser/${me!.userUuid}` }),
      await save(sp, { userUuid: me!.userUuid, username: 'sp', userNm: me!.userNm, enabled: false }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(tenantMessages.lastProvider);
    }
    expect((await t.request(sp, { method: 'GET', url: '/api/v1/user/info/sp' })).statusCode).toBe(200);
  });

  it('is the provider’s alone: a tenant administrator changes nothing (403)', async () => {
    const before = await userCount();
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'sp'));
    const id = me!.userUuid;
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
    expect((await signIn('sp', PASSWORDS.sp!)).statusCode).toBe(200);
  });

  it('does not touch a user who is not a provider', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const res = await t.request(sp, {
      method: 'POST',
      url: `/api/v1/spUser/${admin!.userUuid}/resetPassword`,
    });
    expect(res.statusCode).toBe(404);
    expect((await signIn('admin', PASSWORDS.admin!)).statusCode).toBe(200);
  });
});
