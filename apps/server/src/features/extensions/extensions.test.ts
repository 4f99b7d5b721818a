import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { menuConfig, messages, type Extension, type RingGroup } from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secrets';
import { auditLog, extensions, users } from '../../platform/db/schema';
import { createNoopEngine } from '../../telephony/engine';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { addRingGroupMembers } from '../../testing/pbx-parts';
import { createPbxKit, type PbxKit } from '../../testing/pbx-test-kit';
import { createTestApp, type TestSession } from '../../testing/test-app';

type User = PbxKit['users']['admin'];

// The tenant's extensions 1000–1005, group 300 (1001, 1002), a user on 1002, IVR 5000, a schedule and
// the outside line 0312345678; the other tenant's outside line 0698765432.
let k: PbxKit;
/** Staff whose menu shows the extension list (but who is no administrator). */
let extensionStaff: TestSession;
/** The user on 1002. */
let userOn1002: User;
let scheduleNumber: string;
beforeAll(async () => {
  k = await createPbxKit();
  const { build } = k.t;
  const built: Record<string, { extensionUuid: string }> = {};
  for (const extension of ['1000', '1001', '1002', '1003', '1004', '1005'])
    built[extension] = await build.extension(k.tenant, { extension });
  const sales = await build.ringGroup(k.tenant, { ringGroupExtension: '300' });
  await addRingGroupMembers(k.t, sales, ['1001', '1002']);
  userOn1002 = await build.user(k.tenant, { extensionUuid: built['1002']?.extensionUuid });
  await build.ivrMenu(k.tenant, { ivrMenuExtension: '5000' });
  scheduleNumber = (await build.schedule(k.tenant)).dialplanNumber;
  await build.gateway(k.tenant, { gateway: '0312345678' });
  await build.gateway(k.otherTenant, { gateway: '0698765432' });
  const staff = await build.user(k.tenant, { menu: menuConfig([3000, 3100, 3200, 4000, 4100, 4200, 4300]) });
  extensionStaff = await k.t.login(staff.username, FACTORY_PASSWORD);
});
afterAll(() => k.t.close());

const SAVE = '/api/v1/extension';
const CREATE = '/api/v1/extension/create';
const list = (session: TestSession | null, domainUuid: string) =>
  k.get(session, `/api/v1/extension/${domainUuid}`);
const listOf = async (domainUuid: string, session = k.admin) =>
  (await list(session, domainUuid)).json().data.list as Extension[];
const byNumber = async (number: string) =>
  (await listOf(k.tenantUuid)).find((e) => e.extension === number) as Extension;
const edit = (target: Extension, overrides: object = {}) => ({
  extensionUuid: target.extensionUuid,
  outboundCallerIdNumber: '0312345678',
  enabled: 'false',
  doNotDisturb: 'true',
  forwardAllDestination: '09012345678',
  ...overrides,
});
const rows = () => k.t.database.db.select().from(extensions);

describe('GET /api/v1/extension/{domainUuid}', () => {
  it("lists the tenant's extensions without any secret", async () => {
    const tenant = await k.t.build.tenant();
    await k.t.build.extension(tenant, { extension: '1000', effectiveCallerIdName: '受付' });
    await k.t.build.extension(tenant);
    const admin = await k.t.build.user(tenant, { userClass: 'CP' });
    const res = await list(await k.t.login(admin.username, FACTORY_PASSWORD), tenant.domainUuid);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.list;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      id: rows[0].extensionUuid,
      extensionUuid: expect.any(String),
      extension: '1000',
      userContext: tenant.domainName,
      effectiveCallerIdName: '受付',
      outboundCallerIdNumber: '',
      enabled: 'true',
      doNotDisturb: 'false',
      forwardAllDestination: '',
    });
    expect(res.body).not.toMatch(/password|v1:/i);
  });

  it("tenant guard: tenant A's admin reading tenant B's extensions gets 403", async () => {
    const res = await list(k.admin, k.otherTenantUuid);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.otherTenant);
    expect((await list(k.adminB, k.tenantUuid)).statusCode).toBe(403);
  });

  it("another tenant's rows never appear in a tenant's own list", async () => {
    const [tenant, neighbour] = [await k.t.build.tenant(), await k.t.build.tenant()];
    await k.t.build.extension(tenant);
    await k.t.build.extension(tenant);
    await k.t.build.extension(neighbour);
    const admin = await k.t.build.user(tenant, { userClass: 'CP' });
    const own = await listOf(tenant.domainUuid, await k.t.login(admin.username, FACTORY_PASSWORD));
    expect(own.map((r) => r.userContext)).toEqual([tenant.domainName, tenant.domainName]);
  });

  it('a provider admin (SP) may read any tenant', async () => {
    const tenant = await k.t.build.tenant();
    await k.t.build.extension(tenant);
    await k.t.build.extension(tenant);
    expect(await listOf(tenant.domainUuid, k.sp)).toHaveLength(2);
  });

  it('permission guard: staff whose menu hides PBX management are refused (403)', async () => {
    const res = await list(k.staff, k.tenantUuid);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
  });

  it('sends the list in brotli or gzip, whichever the client accepts (brotli first)', async () => {
    const plain = await list(k.admin, k.tenantUuid);
    const encoded = (acceptEncoding: string) =>
      k.t.request(k.admin, {
        method: 'GET',
        url: `/api/v1/extension/${k.tenantUuid}`,
        headers: { 'accept-encoding': acceptEncoding },
      });
    const zipped = await encoded('gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const brotli = await encoded('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('rejects a malformed tenant id with 400 and requires a session (401)', async () => {
    expect((await list(k.admin, 'not-a-uuid')).statusCode).toBe(400);
    expect((await list(null, k.tenantUuid)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/extension (edit)', () => {
  it('saves caller number, status, do-not-disturb and forward; answers data.list; told to the engine', async () => {
    const target = await byNumber('1004');
    const res = await k.post(k.admin, SAVE, edit(target));
    expect(res.statusCode).toBe(200);
    const saved = (res.json().data.list as Extension[]).find((e) => e.extension === '1004');
    expect(saved).toEqual({
      ...target,
      outboundCallerIdNumber: '0312345678',
      enabled: 'false',
      doNotDisturb: 'true',
      forwardAllDestination: '09012345678',
    });
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'extension' });
  });

  it('is open to staff who see the extension list', async () => {
    const res = await k.post(
      extensionStaff,
      SAVE,
      edit(await byNumber('1004'), { forwardAllDestination: '' }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [
      'a caller number that is not a gateway',
      { outboundCallerIdNumber: '0398765432' },
      '発信者番号を確認してください。',
    ],
    ["another tenant's gateway", { outboundCallerIdNumber: '0698765432' }, '発信者番号を確認してください。'],
    ['an unknown status', { enabled: 'yes' }, 'ステータスを選択してください。'],
    ['an unknown do-not-disturb', { doNotDisturb: 'x' }, '着信拒否を選択してください。'],
    [
      'a forward with letters',
      { forwardAllDestination: 'abc' },
      '転送先を確認してください。（数字・#・*・空白で3 ~ 12文字）',
    ],
  ])('refuses %s with its message and changes nothing', async (_n, overrides, msg) => {
    const before = await rows();
    const res = await k.post(k.admin, SAVE, edit(await byNumber('1005'), overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
    expect(await rows()).toEqual(before);
  });
});

describe('extension create and delete (administrators only)', () => {
  it('creates an extension whose generated password only the create answer reveals', async () => {
    const res = await k.post(k.admin, CREATE, { extension: '1011', effectiveCallerIdName: '新人 一号' });
    expect(res.statusCode).toBe(200);
    const {
      extension,
      password,
      list: after,
    } = res.json().data as { extension: Extension; password: string; list: Extension[] };
    expect(extension).toMatchObject({
      extension: '1011',
      effectiveCallerIdName: '新人 一号',
      enabled: 'true',
    });
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(after.map((e) => e.extension)).toContain('1011');
    const [stored] = await k.t.database.db
      .select()
      .from(extensions)
      .where(and(eq(extensions.domainUuid, k.tenantUuid), eq(extensions.extension, '1011')));
    expect(createSecretBox(k.t.config.secretKey).open(stored?.passwordEnc as string)).toBe(password);
    expect((await list(k.admin, k.tenantUuid)).body).not.toContain(password);
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'extension' });
  });

  // Overrides read when the test runs: the schedule's number is drawn in beforeAll.
  it.each<[string, () => object, string]>([
    ['no number', () => ({ extension: '' }), '内線番号を入力してください。'],
    [
      'a three-digit number',
      () => ({ extension: '999' }),
      '内線番号は1000 ~ 9999の4桁の数字で入力してください。',
    ],
    ['a park slot', () => ({ extension: '5901' }), '5901 ~ 5908はパーク用の番号のため使用できません。'],
    ['an existing extension', () => ({ extension: '1000' }), '登録済みの内線番号です。'],
    ["an IVR menu's number", () => ({ extension: '5000' }), '登録済みの内線番号です。'],
    ["a schedule's number", () => ({ extension: scheduleNumber }), '登録済みの内線番号です。'],
    ['no display name', () => ({ effectiveCallerIdName: ' ' }), '表示名を入力してください。'],
    [
      'a display name over 50 characters',
      () => ({ effectiveCallerIdName: 'あ'.repeat(51) }),
      '表示名は50文字以内で入力してください。',
    ],
  ])('refuses %s with its message and changes nothing', async (_n, overrides, msg) => {
    const before = await rows();
    const res = await k.post(k.admin, CREATE, {
      extension: '1012',
      effectiveCallerIdName: '新人',
      ...overrides(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
    expect(await rows()).toEqual(before);
  });

  it('two concurrent creates of one number: exactly one is stored', async () => {
    const body = { extension: '1020', effectiveCallerIdName: '同時' };
    const [a, b] = await Promise.all([k.post(k.admin, CREATE, body), k.post(k.admin, CREATE, body)]);
    expect([a, b].filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((a.statusCode === 200 ? b : a).json().msg).toBe('登録済みの内線番号です。');
    expect((await listOf(k.tenantUuid)).filter((e) => e.extension === '1020')).toHaveLength(1);
  });

  it('is refused to staff even when they see the extension list', async () => {
    const res = await k.post(extensionStaff, CREATE, { extension: '1013', effectiveCallerIdName: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(messages.forbidden);
    const target = await byNumber('1011');
    expect(
      (await k.del(extensionStaff, `/api/v1/extension/${k.tenantUuid}/${target.extensionUuid}`)).statusCode,
    ).toBe(403);
  });

  it('refuses to delete an extension in use, then with removeReferences takes it out of its ring groups', async () => {
    const target = await byNumber('1002');
    const url = `/api/v1/extension/${k.tenantUuid}/${target.extensionUuid}`;
    const refused = await k.del(k.admin, url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(`使用中: グループ 300、ユーザー ${userOn1002.username}`);
    expect(await byNumber('1002')).toBeDefined();
    const res = await k.del(k.admin, `${url}?removeReferences=true`);
    expect(res.statusCode).toBe(200);
    expect(await byNumber('1002')).toBeUndefined();
    const groups = (await k.get(k.admin, `/api/v1/ringGroup/${k.tenantUuid}`)).json().data
      .list as RingGroup[];
    expect(groups[0]?.destinations.map((d) => d.destinationNumber)).toEqual(['1001']);
    expect(k.t.configChanges.slice(-2).map((c) => c.kind)).toEqual(['extension', 'ringGroup']);
    const [user] = await k.t.database.db.select().from(users).where(eq(users.userUuid, userOn1002.userUuid));
    expect(user?.extensionUuid).toBeNull();
  });
});

describe('SIP/verto password reset (administrators only)', () => {
  const reset = (session: TestSession, domainUuid: string, extensionUuid: string) =>
    k.post(session, `/api/v1/extension/${domainUuid}/${extensionUuid}/password`, {});
  const secretOf = async (number: string) =>
    createSecretBox(k.t.config.secretKey).open(
      (
        await k.t.database.db
          .select()
          .from(extensions)
          .where(and(eq(extensions.domainUuid, k.tenantUuid), eq(extensions.extension, number)))
      )[0]?.passwordEnc as string,
    );

  it('gives a new password, shown once, stored sealed, audited without it, and reloads the directory', async () => {
    const target = await byNumber('1003');
    const before = await secretOf('1003');
    const res = await reset(k.admin, k.tenantUuid, target.extensionUuid);
    expect(res.statusCode).toBe(200);
    const { extension, password } = res.json().data as { extension: string; password: string };
    expect(extension).toBe('1003');
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);
    expect(password).not.toBe(before);
    expect(await secretOf('1003')).toBe(password);
    const [entry] = await k.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, target.extensionUuid), eq(auditLog.action, 'extension.passwordReset')));
    expect(JSON.stringify(entry?.detail)).not.toContain(password);
    expect(k.t.configChanges.at(-1)).toEqual({ tenantUuid: k.tenantUuid, kind: 'extension' });
    expect(k.t.registrationDrops.at(-1)).toEqual({ tenantUuid: k.tenantUuid, extension: '1003' });
  });

  it('still answers the new password when the engine cannot drop the old registrations, and logs why', async () => {
    const logged: string[] = [];
    const t = await createTestApp({
      deps: {
        engine: { ...createNoopEngine(), dropRegistrations: () => Promise.reject(new Error('ESL refused')) },
        logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
      },
    });
    try {
      const tenant = await t.build.tenant();
      const target = await t.build.extension(tenant, { extension: '1003' });
      const { username } = await t.build.user(tenant, { userClass: 'CP' });
      const admin = await t.login(username, FACTORY_PASSWORD);
      const res = await t.request(admin, {
        method: 'POST',
        url: `/api/v1/extension/${tenant.domainUuid}/${target.extensionUuid}/password`,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.password).toMatch(/^[A-Za-z2-9]{16}$/);
      expect(logged.join('')).toContain('ESL refused');
    } finally {
      await t.close();
    }
  });

  it("is refused to staff (403) and to another tenant's administrator (403 / 404), changing nothing", async () => {
    const target = await byNumber('1003');
    const before = await secretOf('1003');
    expect((await reset(extensionStaff, k.tenantUuid, target.extensionUuid)).statusCode).toBe(403);
    expect((await reset(k.adminB, k.tenantUuid, target.extensionUuid)).statusCode).toBe(403);
    expect((await reset(k.adminB, k.otherTenantUuid, target.extensionUuid)).statusCode).toBe(404);
    expect(await secretOf('1003')).toBe(before);
    expect(k.t.registrationDrops.filter((d) => d.extension === '1003')).toHaveLength(1);
  });
});

describe("another tenant's extensions", () => {
  it('are immutable: editing or deleting the tenant’s extension by id fails and changes nothing', async () => {
    const target = await byNumber('1001');
    const before = await rows();
    const res = await k.post(k.adminB, SAVE, edit(target, { outboundCallerIdNumber: '' }));
    expect(res.statusCode).toBe(404);
    expect(
      (await k.del(k.adminB, `/api/v1/extension/${k.otherTenantUuid}/${target.extensionUuid}`)).statusCode,
    ).toBe(404);
    expect(
      (await k.del(k.adminB, `/api/v1/extension/${k.tenantUuid}/${target.extensionUuid}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await k.post(k.adminB, CREATE, {
          domainUuid: k.tenantUuid,
          extension: '1099',
          effectiveCallerIdName: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(await rows()).toEqual(before);
  });
});
