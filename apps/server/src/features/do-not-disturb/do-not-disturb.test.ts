import { reasons } from '@tsunagu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, extensions } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;
let tenant: Tenant;
let other: Tenant;
let staff: { session: TestSession; extension: string; extensionUuid: string };
let colleague: { extension: string };
let noExtension: TestSession;
let outsider: { session: TestSession; extension: string };

const set = (session: TestSession, doNotDisturb: unknown) =>
  t.request(session, { method: 'POST', url: '/api/v1/user/doNotDisturb', payload: { doNotDisturb } });
const list = (session: TestSession, domainUuid = tenant.domainUuid) =>
  t.request(session, { method: 'GET', url: `/api/v1/user/doNotDisturb/${domainUuid}` });
const stored = async (extensionUuid: string) =>
  (
    await t.database.db
      .select({ on: extensions.doNotDisturb })
      .from(extensions)
      .where(eq(extensions.extensionUuid, extensionUuid))
  )[0]?.on;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.build.tenant();
  const own = await t.build.extension(tenant);
  const user = await t.build.user(tenant, { extensionUuid: own.extensionUuid });
  staff = {
    session: await t.login(user.username, FACTORY_PASSWORD),
    extension: own.extension,
    extensionUuid: own.extensionUuid,
  };
  colleague = { extension: (await t.build.extension(tenant, { doNotDisturb: true })).extension };
  noExtension = await t.login((await t.build.user(tenant)).username, FACTORY_PASSWORD);
  other = await t.build.tenant();
  const otherExtension = await t.build.extension(other, { doNotDisturb: true });
  outsider = {
    session: await t.login(
      (await t.build.user(other, { extensionUuid: otherExtension.extensionUuid })).username,
      FACTORY_PASSWORD,
    ),
    extension: otherExtension.extension,
  };
});
afterAll(() => t.close());
beforeEach(() => void t.configChanges.splice(0));

describe('do-not-disturb (着信拒否) set by its user', () => {
  it('turns one’s own extension’s flag on and off, answers the tenant’s list, and has the engines reload', async () => {
    const on = await set(staff.session, 'true');
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual([staff.extension, colleague.extension].sort());
    expect(await stored(staff.extensionUuid)).toBe(true);
    expect(t.configChanges).toEqual([{ tenantUuid: tenant.domainUuid, kind: 'extension' }]);
    expect((await list(staff.session)).json().data).toEqual([staff.extension, colleague.extension].sort());

    const off = await set(staff.session, 'false');
    expect(off.json().data).toEqual([colleague.extension]);
    expect(await stored(staff.extensionUuid)).toBe(false);
  });

  it('records each change in the audit trail with its before and after', async () => {
    await set(staff.session, 'true');
    await set(staff.session, 'false');
    const entries = await t.database.db
      .select({ targetLabel: auditLog.targetLabel, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.domainUuid, tenant.domainUuid), eq(auditLog.action, 'extension.doNotDisturb')))
      .orderBy(auditLog.createdAt);
    expect(entries.slice(-2)).toEqual([
      { targetLabel: staff.extension, detail: { changes: { doNotDisturb: { before: false, after: true } } } },
      { targetLabel: staff.extension, detail: { changes: { doNotDisturb: { before: true, after: false } } } },
    ]);
  });

  it('refuses a user without an extension (404, nothing changed) and a flag that is not true/false (400)', async () => {
    const none = await set(noExtension, 'true');
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe(reasons.extensionUnassigned);
    for (const bad of ['on', true, '', null]) {
      const res = await set(staff.session, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().msg).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    expect(await stored(staff.extensionUuid)).toBe(false);
    expect(t.configChanges).toEqual([]);
  });

  it('keeps tenants apart: another tenant’s list is refused, and a set touches only one’s own tenant', async () => {
    expect((await list(outsider.session)).statusCode).toBe(403);
    expect((await list(staff.session, other.domainUuid)).statusCode).toBe(403);
    expect((await list(outsider.session, other.domainUuid)).json().data).toEqual([outsider.extension]);
    await set(outsider.session, 'false');
    expect((await list(staff.session)).json().data).toEqual([colleague.extension]);
    expect(t.configChanges).toEqual([{ tenantUuid: other.domainUuid, kind: 'extension' }]);
  });

  it('needs a session', async () => {
    expect((await list(null as unknown as TestSession)).statusCode).toBe(401);
  });
});
