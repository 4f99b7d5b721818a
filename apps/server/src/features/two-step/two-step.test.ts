import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../../platform/auth/two-step/totp';
import { auditLog, domains, userRecoveryCodes, userTwoStep } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
const STEP_MS = 30_000;

const firstStep = (username: string, password = FACTORY_PASSWORD) =>
  t.request(null, { method: 'POST', url: '/api/login', payload: { username, password } });
const secondStep = (ticket: string, code: string) =>
  t.request(null, { method: 'POST', url: '/api/login/two-step', payload: { ticket, code } });
const setupAtSignIn = (ticket: string) =>
  t.request(null, { method: 'POST', url: '/api/login/two-step/setup', payload: { ticket } });
const call = (session: TestSession, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request(session, { method, url: `/api${url}`, payload });
const sessionOf = (token: string): TestSession => ({
  token,
  headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
});
const tokenOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.authorization ?? '').replace(/^Bearer /, '');
const entries = (userUuid: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userUuid, userUuid), eq(auditLog.action, action)));

/** Registers an authenticator from the settings tab; answers the secret and the recovery codes. */
async function enableFromSettings(session: TestSession) {
  const setup = await call(session, 'POST', '/v1/twoStep/setup');
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrCode } = setup.json().data;
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const enabled = await call(session, 'POST', '/v1/twoStep/enable', { code: currentCode(secret) });
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('two-step sign-in required of provider users', () => {
  it('leads an SP without it to set it up at sign-in, then asks every sign-in for a code', async () => {
    const tenant = await t.build.tenant();
    const sp = await t.build.user(tenant, { userClass: 'SP', userNm: '提供者 太郎' });
    const first = await firstStep(sp.username);
    expect(first.statusCode).toBe(200);
    expect(first.headers.authorization).toBeUndefined();
    const challenge = first.json().data.twoStep;
    expect(challenge.mode).toBe('setup');

    const setup = await setupAtSignIn(challenge.ticket);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const wrong = await secondStep(challenge.ticket, '000000' === currentCode(secret) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().msg).toBe('確認コードが正しくありません。');
    const done = await secondStep(challenge.ticket, currentCode(secret));
    expect(done.statusCode).toBe(200);
    expect(tokenOf(done)).not.toBe('');
    expect(done.json().data.recoveryCodes).toHaveLength(10);
    expect(await entries(sp.userUuid, 'twoStep.enable')).toHaveLength(1);
    // The setup ticket is spent: it cannot register another app over the one now in use.
    expect((await setupAtSignIn(challenge.ticket)).statusCode).toBe(401);

    // The next sign-in asks for a code; the code just used is not accepted twice.
    const again = (await firstStep(sp.username)).json().data.twoStep;
    expect(again.mode).toBe('verify');
    const [state] = await t.database.db
      .select()
      .from(userTwoStep)
      .where(eq(userTwoStep.userUuid, sp.userUuid));
    const usedStep = state!.lastStep;
    expect((await secondStep(again.ticket, currentCode(secret, usedStep * STEP_MS))).statusCode).toBe(401);
    const next = await secondStep(again.ticket, currentCode(secret, (usedStep + 1) * STEP_MS));
    expect(next.statusCode).toBe(200);
    expect((await call(sessionOf(tokenOf(next)), 'GET', '/v1/twoStep')).json().data).toEqual({
      enabled: true,
      required: true,
      recoveryCodesLeft: 10,
    });
  });

  it('accepts each recovery code once, and an SP cannot turn two-step sign-in off', async () => {
    const tenant = await t.build.tenant();
    const sp = await t.build.user(tenant, { userClass: 'SP' });
    const session = await t.login(sp.username, FACTORY_PASSWORD);
    const { recoveryCodes } = await (async () => {
      // The login helper set it up; new recovery codes need a current code.
      const secret = t.twoStepSecrets.get(sp.username)!;
      await t.database.db
        .update(userTwoStep)
        .set({ lastStep: 0 })
        .where(eq(userTwoStep.userUuid, sp.userUuid));
      const renewed = await call(session, 'POST', '/v1/twoStep/recoveryCodes', { code: currentCode(secret) });
      expect(renewed.statusCode).toBe(200);
      return renewed.json().data as { recoveryCodes: string[] };
    })();
    const code = recoveryCodes[0]!.toUpperCase();
    const first = (await firstStep(sp.username)).json().data.twoStep;
    const used = await secondStep(first.ticket, code);
    expect(used.statusCode).toBe(200);
    expect((await entries(sp.userUuid, 'login.success')).at(-1)?.detail).toEqual({ twoStep: 'recoveryCode' });
    const second = (await firstStep(sp.username)).json().data.twoStep;
    expect((await secondStep(second.ticket, code)).statusCode).toBe(401);

    const off = await call(session, 'POST', '/v1/twoStep/disable', { password: FACTORY_PASSWORD });
    expect(off.statusCode).toBe(400);
    expect(off.json().msg).toBe('二段階認証は必須のため、無効にできません。');
    const [row] = await t.database.db.select().from(userTwoStep).where(eq(userTwoStep.userUuid, sp.userUuid));
    expect(row?.secretEnc).not.toBeNull();
  });

  it('refuses a forged or foreign ticket', async () => {
    const res = await secondStep('v1:AAAA:BBBB:CCCC', '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('確認の有効期限が切れました。もう一度IDとパスワードでログインしてください。');
    expect((await setupAtSignIn('not-a-ticket')).statusCode).toBe(401);
  });
});

describe('two-step sign-in from the settings tab', () => {
  it('turns on with a QR code and a confirming code, stores the secret sealed and the codes hashed', async () => {
    const tenant = await t.build.tenant();
    const admin = await t.build.user(tenant, { userClass: 'CP', userNm: '管理 花子' });
    const session = await t.login(admin.username, FACTORY_PASSWORD);
    expect((await call(session, 'GET', '/v1/twoStep')).json().data).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = (await call(session, 'POST', '/v1/twoStep/setup')).json().data;
    const wrong = await call(session, 'POST', '/v1/twoStep/enable', { code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('確認コードは6桁の数字、またはリカバリーコードを入力してください。');
    const bad = currentCode(setup.secret) === '000000' ? '999999' : '000000';
    const refused = await call(session, 'POST', '/v1/twoStep/enable', { code: bad });
    expect(refused.statusCode).toBe(400);
    expect((await call(session, 'GET', '/v1/twoStep')).json().data.enabled).toBe(false);
    expect(await entries(admin.userUuid, 'twoStep.enable')).toHaveLength(0);

    const on = await call(session, 'POST', '/v1/twoStep/enable', { code: currentCode(setup.secret) });
    const codes = on.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const [stored] = await t.database.db
      .select()
      .from(userTwoStep)
      .where(eq(userTwoStep.userUuid, admin.userUuid));
    expect(stored!.secretEnc).toMatch(/^v1:/);
    expect(stored!.secretEnc).not.toContain(setup.secret);
    const hashes = await t.database.db
      .select()
      .from(userRecoveryCodes)
      .where(eq(userRecoveryCodes.userUuid, admin.userUuid));
    expect(hashes).toHaveLength(10);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.codeHash))).toBe(true);
    const [entry] = await entries(admin.userUuid, 'twoStep.enable');
    expect(entry!.targetLabel).toBe('管理 花子');
    expect(JSON.stringify(entry!.detail)).not.toContain(codes[0]!);

    expect((await firstStep(admin.username)).json().data.twoStep.mode).toBe('verify');
  });

  it('turns off with the password (a wrong one changes nothing) or a code, and says so in the trail', async () => {
    const tenant = await t.build.tenant();
    const admin = await t.build.user(tenant, { userClass: 'CP' });
    const session = await t.login(admin.username, FACTORY_PASSWORD);
    await enableFromSettings(session);
    const wrong = await call(session, 'POST', '/v1/twoStep/disable', { password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('現在のパスワードが正しくありません。');
    expect((await call(session, 'GET', '/v1/twoStep')).json().data.enabled).toBe(true);
    const none = await call(session, 'POST', '/v1/twoStep/disable', {});
    expect(none.json().msg).toBe('確認コードまたは現在のパスワードを入力してください。');
    expect(
      (await call(session, 'POST', '/v1/twoStep/disable', { password: FACTORY_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await call(session, 'GET', '/v1/twoStep')).json().data).toMatchObject({ enabled: false });
    expect((await entries(admin.userUuid, 'twoStep.disable'))[0]!.detail).toEqual({ by: 'password' });
    expect((await firstStep(admin.username)).headers.authorization).toMatch(/^Bearer /);
    // On again, off with a code from the app.
    const { secret } = await enableFromSettings(session);
    const byCode = await call(session, 'POST', '/v1/twoStep/disable', {
      code: currentCode(secret, Date.now() + STEP_MS),
    });
    expect(byCode.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(userRecoveryCodes)
        .where(eq(userRecoveryCodes.userUuid, admin.userUuid)),
    ).toEqual([]);
  });
});

describe('wrong codes are limited like wrong passwords', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      config: { loginLimitPerUser: 3, loginLimitPerAddress: 100 },
    });
  });
  afterAll(() => limited.close());

  it('refuses further codes for the ID from that address (429) and records each wrong code', async () => {
    const tenant = await limited.build.tenant();
    const sp = await limited.build.user(tenant, { userClass: 'SP' });
    await limited.login(sp.username, FACTORY_PASSWORD);
    const secret = limited.twoStepSecrets.get(sp.username)!;
    const ticket = (
      await limited.request(null, {
        method: 'POST',
        url: '/api/login',
        payload: { username: sp.username, password: FACTORY_PASSWORD },
      })
    ).json().data.twoStep.ticket;
    const wrongCode = currentCode(secret) === '000000' ? '999999' : '000000';
    const tries = [];
    for (let i = 0; i < 4; i++) {
      tries.push(
        (
          await limited.request(null, {
            method: 'POST',
            url: '/api/login/two-step',
            payload: { ticket, code: wrongCode },
          })
        ).statusCode,
      );
    }
    expect(tries).toEqual([401, 401, 401, 429]);
    // Even the right code waits for the window to pass.
    const right = await limited.request(null, {
      method: 'POST',
      url: '/api/login/two-step',
      payload: { ticket, code: currentCode(secret, Date.now() + STEP_MS) },
    });
    expect(right.statusCode).toBe(429);
    const failures = await limited.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userUuid, sp.userUuid), eq(auditLog.action, 'login.failure')));
    expect(failures.filter((f) => (f.detail as { reason: string }).reason === 'code')).toHaveLength(3);
  });
});

describe("a tenant's policy for its administrators", () => {
  it('lets the tenant require it of its administrators only, audited with before and after', async () => {
    const tenant = await t.build.tenant();
    const admin = await t.build.user(tenant, { userClass: 'CP' });
    const staff = await t.build.user(tenant);
    const session = await t.login(admin.username, FACTORY_PASSWORD);
    const url = `/v1/twoStep/policy/${tenant.domainUuid}`;
    expect((await call(session, 'GET', url)).json().data).toEqual({ twoStepForAdmins: false });
    const saved = await call(session, 'POST', url, { twoStepForAdmins: true });
    expect(saved.statusCode).toBe(200);
    const [entry] = await entries(admin.userUuid, 'twoStep.policy');
    expect(entry!.targetLabel).toBe(tenant.domainName);
    expect(entry!.detail).toEqual({ changes: { twoStepForAdmins: { before: false, after: true } } });

    expect((await firstStep(admin.username)).json().data.twoStep.mode).toBe('setup');
    expect((await firstStep(staff.username)).headers.authorization).toMatch(/^Bearer /);
    expect((await call(session, 'GET', '/v1/twoStep')).json().data.required).toBe(true);
  });

  it("refuses another tenant's policy and a staff user, changing nothing", async () => {
    const mine = await t.build.tenant();
    const other = await t.build.tenant();
    const admin = await t.build.user(mine, { userClass: 'CP' });
    const staff = await t.build.user(mine);
    const session = await t.login(admin.username, FACTORY_PASSWORD);
    const foreign = await call(session, 'POST', `/v1/twoStep/policy/${other.domainUuid}`, {
      twoStepForAdmins: true,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call(session, 'GET', `/v1/twoStep/policy/${other.domainUuid}`)).statusCode).toBe(403);
    const staffSession = await t.login(staff.username, FACTORY_PASSWORD);
    expect(
      (await call(staffSession, 'POST', `/v1/twoStep/policy/${mine.domainUuid}`, { twoStepForAdmins: true }))
        .statusCode,
    ).toBe(403);
    const rows = await t.database.db.select().from(domains).where(eq(domains.twoStepForAdmins, true));
    expect(rows.map((r) => r.domainUuid)).not.toContain(other.domainUuid);
    expect(rows.map((r) => r.domainUuid)).not.toContain(mine.domainUuid);
  });

  it('refuses the settings endpoints without a session', async () => {
    expect((await t.request(null, { method: 'GET', url: '/api/v1/twoStep' })).statusCode).toBe(401);
  });
});
