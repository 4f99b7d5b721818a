import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../platform/db/schema';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp, type TestSession } from '../../testing/test-app';

let t: TestApp;
let sp: TestSession;
let cp: TestSession;
let tenantB: string;
let home: string;
let spName: string;
let extensionB: string;

// The provider's user in its own tenant, a customer tenant with one extension, and a tenant administrator.
beforeAll(async () => {
  t = await createTestApp();
  const provider = await t.build.tenant();
  const customer = await t.build.tenant();
  const spUser = await t.build.user(provider, { userClass: 'SP' });
  const cpUser = await t.build.user(await t.build.tenant(), { userClass: 'CP' });
  [home, tenantB, spName] = [provider.domainUuid, customer.domainUuid, spUser.username];
  extensionB = (await t.build.extension(customer)).extensionUuid;
  sp = await t.login(spName, FACTORY_PASSWORD);
  cp = await t.login(cpUser.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

const acting = async (session: TestSession) =>
  (await t.request(session, { method: 'GET', url: '/api/v1/acting' })).json().data;
const start = (session: TestSession, tenant: string, reason: string) =>
  t.request(session, { method: 'POST', url: `/api/v1/domain/${tenant}/act`, payload: { reason } });
const infoDomain = async (session: TestSession, username: string) =>
  (await t.request(session, { method: 'GET', url: `/api/v1/user/info/${username}` })).json().data.user
    .domainUuid;

describe('acting inside a tenant', () => {
  it('puts the session in the tenant with a reason; every change meanwhile records it; leaving ends it', async () => {
    expect(await acting(sp)).toBeNull();
    const res = await start(sp, tenantB, 'お客様からの依頼 #123');
    expect(res.statusCode).toBe(200);
    const until = Date.parse(res.json().data.until);
    expect(until - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(120 * 60_000);
    expect(await acting(sp)).toMatchObject({ domainUuid: tenantB, reason: 'お客様からの依頼 #123' });
    // Every screen reads the tenant from user info: it is the tenant acted in.
    expect(await infoDomain(sp, spName)).toBe(tenantB);

    // A change made meanwhile: recorded in that tenant with the provider's identity and the reason.
    const save = await t.request(sp, {
      method: 'POST',
      url: '/api/v1/extension',
      payload: {
        domainUuid: tenantB,
        extensionUuid: extensionB,
        outboundCallerIdNumber: '',
        enabled: 'true',
        doNotDisturb: 'false',
        forwardAllDestination: '',
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'extension.save'), eq(auditLog.domainUuid, tenantB)));
    expect(entry?.username).toBe(spName);
    expect(entry?.detail).toMatchObject({ actingReason: 'お客様からの依頼 #123' });
    const [started] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'acting.start'));
    expect(started).toMatchObject({ domainUuid: tenantB, username: spName });

    expect((await t.request(sp, { method: 'DELETE', url: '/api/v1/acting' })).statusCode).toBe(200);
    expect(await acting(sp)).toBeNull();
    expect(await infoDomain(sp, spName)).toBe(home);
    const left = await t.request(sp, { method: 'DELETE', url: '/api/v1/acting' });
    expect(left.statusCode).toBe(409);
    expect(left.json().msg).toBe(tenantMessages.notActing);
  });

  it('ends by itself after two hours', async () => {
    expect((await start(sp, tenantB, '障害調査')).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ actingUntil: new Date(Date.now() - 1000) })
      .where(eq(sessions.actingReason, '障害調査'));
    expect(await acting(sp)).toBeNull();
    expect(await infoDomain(sp, spName)).toBe(home);
  });

  it('needs a reason, a tenant other than one’s own, and the provider', async () => {
    const noReason = await start(sp, tenantB, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe(tenantMessages.reason);
    const own = await start(sp, home, '確認');
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe(tenantMessages.ownTenant);
    const byCp = await start(cp, tenantB, '越権');
    expect(byCp.statusCode).toBe(403);
    expect(await acting(cp)).toBeNull();
    expect(await acting(sp)).toBeNull();
  });
});
