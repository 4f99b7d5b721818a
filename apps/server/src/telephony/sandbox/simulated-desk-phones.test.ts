import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema';
import { startSandbox, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

const setPhoneType = (phoneType: 'verto' | 'phone') =>
  kit.t.database.db
    .update(users)
    .set({ phoneType })
    .where(eq(users.userUuid, kit.office.users['1003'].userUuid));

describe('simulated desk phones', () => {
  it("are registered for every desk-phone user's extension, and only the tenant's own", async () => {
    const listed = await kit.engine.deskPhones(kit.tenantUuid);
    // 田中 一郎 (1003) takes calls on a desk phone; the softphone users (1001, 1002) have none.
    expect(listed).toContainEqual({ extension: '1003', registered: true });
    expect(listed.map((p) => p.extension)).not.toContain('1001');
    const elsewhere = await kit.engine.deskPhones(kit.office.other.tenant.domainUuid);
    expect(elsewhere.map((p) => p.extension)).not.toContain('1003');
  });

  it('unregister when the user moves to the softphone and register again when back, as FreeSWITCH announces SIP phones', async () => {
    await kit.engine.deskPhones(kit.tenantUuid);
    kit.events.clear();
    await setPhoneType('verto');
    try {
      kit.engine.configChanged(kit.tenantUuid, 'extension');
      expect(await kit.events.take('registration', (r) => r.extension === '1003')).toEqual({
        domainName: RECORDED_DOMAIN,
        extension: '1003',
        registered: false,
        kind: 'sip',
      });
      expect(await kit.engine.deskPhones(kit.tenantUuid)).not.toContainEqual(
        expect.objectContaining({ extension: '1003' }),
      );
    } finally {
      await setPhoneType('phone');
    }
    kit.engine.configChanged(kit.tenantUuid, 'extension');
    expect(await kit.events.take('registration', (r) => r.extension === '1003')).toMatchObject({
      registered: true,
      kind: 'sip',
    });
  });
});
