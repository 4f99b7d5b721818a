import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, users } from '../../platform/db/schema';
import { DEMO, startSandbox, type SandboxKit } from './testing';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

const setPhoneType = (phoneType: 'verto' | 'phone') =>
  kit.t.database.db
    .update(users)
    .set({ phoneType })
    .where(and(eq(users.domainUuid, kit.demoUuid), eq(users.username, 'tanaka')));

describe('simulated desk phones', () => {
  it("are registered for every desk-phone user's extension, and only the tenant's own", async () => {
    const listed = await kit.engine.deskPhones(kit.demoUuid);
    // 田中 一郎 (1003) takes calls on a desk phone; the softphone users (1001, 1002) have none.
    expect(listed).toContainEqual({ extension: '1003', registered: true });
    expect(listed.map((p) => p.extension)).not.toContain('1001');
    const [other] = await kit.t.database.db
      .select({ uuid: domains.domainUuid })
      .from(domains)
      .where(eq(domains.domainName, 'other.tsunagu.local'));
    const elsewhere = await kit.engine.deskPhones(other?.uuid ?? '');
    expect(elsewhere.map((p) => p.extension)).not.toContain('1003');
  });

  it('unregister when the user moves to the softphone and register again when back, as FreeSWITCH announces SIP phones', async () => {
    await kit.engine.deskPhones(kit.demoUuid);
    kit.events.clear();
    await setPhoneType('verto');
    try {
      kit.engine.configChanged(kit.demoUuid, 'extension');
      expect(await kit.events.take('registration', (r) => r.extension === '1003')).toEqual({
        domainName: DEMO,
        extension: '1003',
        registered: false,
        kind: 'sip',
      });
      expect(await kit.engine.deskPhones(kit.demoUuid)).not.toContainEqual(
        expect.objectContaining({ extension: '1003' }),
      );
    } finally {
      await setPhoneType('phone');
    }
    kit.engine.configChanged(kit.demoUuid, 'extension');
    expect(await kit.events.take('registration', (r) => r.extension === '1003')).toMatchObject({
      registered: true,
      kind: 'sip',
    });
  });
});
