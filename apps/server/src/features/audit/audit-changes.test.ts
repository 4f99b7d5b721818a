import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let tenantA: Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenantB: Awaited<ReturnType<TestApp['build']['tenant']>>;
let adminA: TestSession;
let adminB: TestSession;
let adminAName: string;

const trail = (session: TestSession, tenant: string, query = '') =>
  t.request(session, { method: 'GET', url: `/api/v1/audit/${tenant}?size=100&${query}` });

beforeAll(async () => {
  t = await createTestApp();
  tenantA = await t.build.tenant();
  tenantB = await t.build.tenant();
  const a = await t.build.user(tenantA, { userClass: 'CP', userNm: '管理 一郎' });
  const b = await t.build.user(tenantB, { userClass: 'CP' });
  adminAName = a.username;
  adminA = await t.login(a.username, FACTORY_PASSWORD);
  adminB = await t.login(b.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

describe('an edit’s audit entry', () => {
  it('names the extension by its number and records only the changed fields, before and after', async () => {
    const extension = await t.build.extension(tenantA, { extension: '1201', outboundCallerIdNumber: '' });
    const save = await t.request(adminA, {
      method: 'POST',
      url: '/api/v1/extension',
      payload: {
        extensionUuid: extension.extensionUuid,
        outboundCallerIdNumber: '',
        enabled: 'true',
        doNotDisturb: 'true',
        forwardAllDestination: '',
      },
    });
    expect(save.statusCode).toBe(200);
    const entry = (await trail(adminA, tenantA.domainUuid, 'action=extension.save')).json().data.content[0];
    expect(entry).toMatchObject({ target: extension.extensionUuid, targetLabel: '1201' });
    expect(entry.detail).toEqual({ changes: { doNotDisturb: { before: false, after: true } } });
  });

  it('lists a ring group’s members before and after, and a create’s values', async () => {
    const [e1, e2] = [await t.build.extension(tenantA), await t.build.extension(tenantA)];
    const form = (ringGroupUuid: string | null, members: string[], name: string) => ({
      ringGroupUuid,
      ringGroupExtension: '350',
      ringGroupName: name,
      ringGroupGreeting: '',
      destinationTimeout: 30,
      ringGroupStrategy: 'enterprise',
      ringGroupEnabled: 'true',
      ringGroupMissedCallData: '',
      ringGroupTimeoutApp: 'hangup',
      ringGroupTimeoutDataFile: '',
      ringGroupTimeoutDataTransfer: '',
      destList: members,
    });
    const created = await t.request(adminA, {
      method: 'POST',
      url: '/api/v1/ringGroup',
      payload: form(null, [e1!.extension], '受付'),
    });
    expect(created.statusCode).toBe(200);
    const group = created
      .json()
      .data.list.find((g: { ringGroupExtension: string }) => g.ringGroupExtension === '350');
    const edited = await t.request(adminA, {
      method: 'POST',
      url: '/api/v1/ringGroup',
      payload: form(group.ringGroupUuid, [e1!.extension, e2!.extension], '受付窓口'),
    });
    expect(edited.statusCode).toBe(200);
    const [edit, create] = (await trail(adminA, tenantA.domainUuid, 'action=ringGroup.save')).json().data
      .content;
    expect(edit.targetLabel).toBe('350 受付窓口');
    expect(edit.detail.changes).toEqual({
      ringGroupName: { before: '受付', after: '受付窓口' },
      members: { before: [e1!.extension], after: [e1!.extension, e2!.extension] },
    });
    expect(create.detail).toMatchObject({ ringGroupName: '受付', members: [e1!.extension] });
  });
});

describe('a user’s own settings in the trail', () => {
  it('records the phone type before and after, and a password change without any password', async () => {
    const user = await t.build.user(tenantA, { userNm: '設定 次郎', phoneType: 'verto' });
    const session = await t.login(user.username, FACTORY_PASSWORD);
    const save = (payload: object) =>
      t.request(session, {
        method: 'POST',
        url: '/api/v1/user',
        payload: { userUuid: user.userUuid, ...payload },
      });
    expect((await save({ phoneType: 'phone' })).statusCode).toBe(200);
    const newPassword = 'Changed#2026x';
    expect(
      (await save({ userCredentials: { password: newPassword, currentPassword: FACTORY_PASSWORD } }))
        .statusCode,
    ).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.userUuid, user.userUuid));
    const saves = rows.filter((r) => r.action === 'user.save');
    expect(saves.map((r) => r.detail)).toEqual([
      { password: false, changes: { phoneType: { before: 'verto', after: 'phone' } } },
      { password: true, changes: {} },
    ]);
    expect(saves[0]!.targetLabel).toBe('設定 次郎');
    expect(JSON.stringify(rows)).not.toContain(newPassword);
  });
});

describe('sign-ins in the trail', () => {
  it('records a success by name, a failure with the ID tried and the address, and the sign-out', async () => {
    await t.request(null, {
      method: 'POST',
      url: '/api/login',
      payload: { username: adminAName.toUpperCase(), password: 'Wrong#2026' },
    });
    const session = await t.login(adminAName, FACTORY_PASSWORD);
    await t.request(session, { method: 'GET', url: '/api/logout' });
    const entries = (await trail(adminA, tenantA.domainUuid, `username=${adminAName}`)).json().data.content;
    const actions = entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['login.success', 'logout']));
    const failure = (await trail(adminA, tenantA.domainUuid, 'action=login.failure')).json().data.content[0];
    expect(failure).toMatchObject({
      username: adminAName.toUpperCase(),
      ip: '127.0.0.1',
      targetLabel: '管理 一郎',
      detail: { reason: 'credentials' },
    });
    expect(entries.find((e: { action: string }) => e.action === 'login.success').targetLabel).toBe(
      '管理 一郎',
    );
  });
});

describe('another tenant’s trail', () => {
  it('is invisible to a tenant administrator, in the list and the export, and cannot be asked for', async () => {
    const own = (await trail(adminB, tenantB.domainUuid)).json().data.content;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e: { domainUuid: string }) => e.domainUuid === tenantB.domainUuid)).toBe(true);
    const exported = await t.request(adminB, {
      method: 'GET',
      url: `/api/v1/audit/${tenantB.domainUuid}/export`,
    });
    expect(
      exported.json().data.every((e: { domainUuid: string }) => e.domainUuid === tenantB.domainUuid),
    ).toBe(true);
    expect((await trail(adminB, tenantA.domainUuid)).statusCode).toBe(403);
    expect(
      (await t.request(adminB, { method: 'GET', url: `/api/v1/audit/${tenantA.domainUuid}/export` }))
        .statusCode,
    ).toBe(403);
    // Audit rows are written by the server only: there is no endpoint that changes them.
    const before = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.domainUuid, tenantA.domainUuid));
    expect(
      (await t.request(adminB, { method: 'DELETE', url: `/api/v1/audit/${tenantA.domainUuid}` })).statusCode,
    ).toBe(404);
    const after = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.domainUuid, tenantA.domainUuid));
    expect(after).toHaveLength(before.length);
  });
});
