import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

describe('dropping an extension’s registrations (its password was reset)', () => {
  it("closes the extension's browser sessions, and only that extension's", async () => {
    const dropped = await kit.phone('1001');
    const other = await kit.phone('1002');
    await kit.engine.dropRegistrations(kit.tenantUuid, '1001');
    await dropped.closed;
    expect(kit.engine.registrations(RECORDED_DOMAIN)).not.toContainEqual({
      extension: '1001',
      kind: 'verto',
    });
    expect(kit.engine.registrations(RECORDED_DOMAIN)).toContainEqual({ extension: '1002', kind: 'verto' });
    // Unlike a takeover, nothing tells the browser to stop: it may log in again, with the new password.
    expect(dropped.requests.all().map((r) => r.method)).not.toContain('verto.punt');
    other.close();
  });

  it("drops the simulated desk phone's registration, which registers again with the current password", async () => {
    await kit.engine.deskPhones(kit.tenantUuid);
    kit.events.clear();
    await kit.engine.dropRegistrations(kit.tenantUuid, '1003');
    const seen = [
      await kit.events.take('registration', (r) => r.extension === '1003'),
      await kit.events.take('registration', (r) => r.extension === '1003'),
    ];
    expect(seen.map((r) => [r.registered, r.kind])).toEqual([
      [false, 'sip'],
      [true, 'sip'],
    ]);
  });

  it("leaves another tenant's extension of the same number alone", async () => {
    const phone = await kit.phone('1001');
    await kit.engine.dropRegistrations(kit.office.other.tenant.domainUuid, '1001');
    const reply = await phone.call('verto.subscribe', { eventChannel: 'x', sessid: phone.sessid });
    expect(reply.result).toMatchObject({ sessid: phone.sessid });
    phone.close();
  });
});
