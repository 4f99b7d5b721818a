import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../platform/db/schema';
import { ScriptedPhone, startSandbox, type SandboxKit } from './testing';
import { RECORDED_DOMAIN } from '../../testing/recorded-tenant';

let kit: SandboxKit;
beforeAll(async () => {
  kit = await startSandbox();
});
afterAll(() => kit.close());

const setEnabled = async (enabled: boolean) => {
  await kit.t.database.db.update(domains).set({ enabled }).where(eq(domains.domainUuid, kit.tenantUuid));
  kit.engine.configChanged(kit.tenantUuid, 'extension');
};

describe('a disabled tenant on the sandbox', () => {
  it('drops its softphones, refuses their sign-in and every call to or from it; enabled, it works again', async () => {
    const [yamada, suzuki] = await Promise.all([kit.phone('1001'), kit.phone('1002')]);
    await setEnabled(false);
    try {
      // What disabling does for each of the tenant's extensions: its signed-in softphone is dropped.
      await kit.engine.dropRegistrations(kit.tenantUuid, '1001');
      await yamada.closed;
      // A phone still connected cannot call out: the tenant has no routes.
      const callID = await suzuki.dial('1003');
      expect((await suzuki.next('verto.bye', callID)).params).toMatchObject({
        cause: 'NO_ROUTE_DESTINATION',
      });
      // Nobody signs in again, with the right password.
      const again = await ScriptedPhone.open(kit.url, `1001@${RECORDED_DOMAIN}`);
      const refused = await again.loginWith(await kit.password('1001'));
      expect(refused.error).toBeTruthy();
      again.socket.terminate();
    } finally {
      await setEnabled(true);
    }
    const back = await kit.phone('1001');
    const callID = await back.dial('1002');
    expect((await suzuki.next('verto.invite')).params).toMatchObject({ caller_id_number: '1001' });
    await back.call('verto.bye', { dialogParams: { callID }, sessid: back.sessid });
  });
});
