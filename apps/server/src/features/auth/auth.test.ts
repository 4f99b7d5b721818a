import { messages } from '@tsunagu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
// The login IDs of four staff users of an office and of another tenant's administrator.
const id = { yamada: '', suzuki: '', tanaka: '', sato: '', adminB: '' };
beforeAll(async () => {
  t = await createTestApp();
  const office = await t.build.tenant();
  for (const who of ['yamada', 'suzuki', 'tanaka', 'sato'] as const)
    id[who] = (await t.build.user(office)).username;
  id.adminB = (await t.build.user(await t.build.tenant(), { userClass: 'CP' })).username;
});
afterAll(() => t.close());

const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, headers });

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

describe('POST /api/login', () => {
  it('returns the token in the Authorization header with sub = the login ID', async () => {
    const res = await login(id.yamada, FACTORY_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { username: id.yamada } });
    const header = String(res.headers.authorization);
    expect(header).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers['access-control-expose-headers']).toContain('Authorization');
    expect(claims(header.slice(7)).sub).toBe(id.yamada);
    expect(String(res.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[\w-]+; Path=\/; SameSite=Strict/);
  });

  it('accepts the ID in any case', async () => {
    expect((await login(id.yamada.toUpperCase(), FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike with 401 and the Japanese message', async () => {
    for (const res of [await login(id.yamada, 'wrong'), await login('nobody', FACTORY_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, msg: messages.loginFailed, data: null });
      expect(res.headers.authorization).toBeUndefined();
    }
  });

  it('records sign-ins and failed sign-ins in the audit log', async () => {
    await login(id.suzuki, 'bad-password');
    const rows = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.username, id.suzuki));
    expect(rows.map((r) => r.action)).toContain('login.failure');
    const ok = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'login.success'));
    expect(ok.length).toBeGreaterThan(0);
  });

  it('rejects bad input with 400 and a Japanese message, never a 500', async () => {
    const cases = [
      { payload: { username: 'yamada' }, msg: 'パスワードを入力してください。' },
      { payload: { password: 'x' }, msg: 'IDを入力してください。' },
      { payload: { username: '', password: 'x' }, msg: 'IDを入力してください。' },
      { payload: { username: 12, password: 'x' }, msg: 'IDを入力してください。' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: c.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(c.msg);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "yamada", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toBe(messages.invalidJson);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'yamada', password: 'x'.repeat(300_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe(messages.bodyTooLarge);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=yamada',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toMatch(/JSON/);
  });
});

describe('concurrent-session limit', () => {
  it("refuses a sign-in over the user's limit with 409 'sesion-max' and frees the place on logout", async () => {
    await t.database.db.update(users).set({ maxSessions: 2 }).where(eq(users.username, id.tanaka));
    const first = await t.login(id.tanaka, FACTORY_PASSWORD);
    await t.login(id.tanaka, FACTORY_PASSWORD);
    const third = await login(id.tanaka, FACTORY_PASSWORD);
    expect(third.statusCode).toBe(409);
    expect(third.json().msg).toBe('sesion-max');

    await t.request(first, { method: 'GET', url: '/api/logout' });
    expect((await login(id.tanaka, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('reclaims a stale session (idle, no real-time connection) so it no longer blocks', async () => {
    await t.database.db.update(users).set({ maxSessions: 1 }).where(eq(users.username, id.sato));
    const stale = await t.login(id.sato, FACTORY_PASSWORD);
    expect((await login(id.sato, FACTORY_PASSWORD)).statusCode).toBe(409);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(
        and(
          sql`${sessions.revokedAt} IS NULL`,
          sql`${sessions.userUuid} = (SELECT user_uuid FROM users WHERE username = ${id.sato})`,
        ),
      );
    expect((await login(id.sato, FACTORY_PASSWORD)).statusCode).toBe(200);
    // The reclaimed session's token is no longer accepted.
    const res = await t.request(stale, { method: 'GET', url: `/api/v1/user/info/${id.sato}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/logout and authentication', () => {
  it('revokes the session server-side: the old token is refused afterwards', async () => {
    const s = await t.login(id.suzuki, FACTORY_PASSWORD);
    expect((await t.request(s, { method: 'GET', url: `/api/v1/user/info/${id.suzuki}` })).statusCode).toBe(
      200,
    );
    const out = await t.request(s, { method: 'GET', url: '/api/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.json().code).toBe(0);
    const after = await t.request(s, { method: 'GET', url: `/api/v1/user/info/${id.suzuki}` });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe(messages.sessionExpired);
  });

  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/v1/user/info/${id.yamada}` });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, msg: messages.unauthorized, data: null });
    const s = await t.login(id.yamada, FACTORY_PASSWORD);
    const [h, p] = s.token.split('.');
    for (const authorization of ['Bearer nonsense', `Bearer ${h}.${p}.forgedsignature`, 'Basic abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/info/${id.yamada}`,
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('refuses a disabled user at sign-in, saying the account is stopped only with the right password', async () => {
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.username, id.adminB));
    const stopped = await login(id.adminB, FACTORY_PASSWORD);
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json().msg).toBe(messages.userDisabled);
    const guessed = await login(id.adminB, 'Wrong#2026');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().msg).toBe(messages.loginFailed);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.username, id.adminB));
  });
});
