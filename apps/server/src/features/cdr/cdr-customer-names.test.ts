import { UNREGISTERED } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
afterAll(() => t.close());
beforeAll(async () => {
  t = await createTestApp();
});

describe('the own call history names outside numbers by their customer', () => {
  it('shows the customer’s name for any spelling of a registered number, 未登録 otherwise', async () => {
    const tenant = await t.build.tenant();
    const other = await t.build.tenant();
    const extension = await t.build.extension(tenant, { extension: '1001' });
    const user = await t.build.user(tenant, { extensionUuid: extension.extensionUuid });
    const session = await t.login(user.username, FACTORY_PASSWORD);
    const otherAdmin = await t.login(
      (await t.build.user(other, { userClass: 'CP' })).username,
      FACTORY_PASSWORD,
    );
    const base = Date.UTC(2026, 10, 1);
    await t.build.call(extension, {
      callerIdNumber: '+81312345678',
      destinationNumber: '1001',
      startStamp: new Date(base),
    });
    await t.build.call(extension, {
      direction: 'outbound',
      callerIdNumber: '1001',
      destinationNumber: '0698765432',
      startStamp: new Date(base + 60_000),
    });
    // The same number is another tenant's customer too: that name must not show.
    for (const [s, domainUuid, company] of [
      [otherAdmin, other.domainUuid, '他社の顧客'],
      [session, tenant.domainUuid, '青空商事'],
    ] as const) {
      const res = await t.request(s, {
        method: 'POST',
        url: '/api/v1/customer',
        payload: { domainUuid, company, numbers: [{ label: '代表', number: '03-1234-5678' }] },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.request(session, {
      method: 'POST',
      url: '/api/v1/cdr/ext?size=10&page=0&sort=startStamp,DESC',
      payload: { domainUuid: tenant.domainUuid, extensionUuid: extension.extensionUuid },
    });
    const names = res.json().data.page.content.map((c: { displayName: string }) => c.displayName);
    expect(names).toEqual([UNREGISTERED, '青空商事']);
  });
});
