import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsedNumbers } from '../platform/pbx/lookups.repository';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usedNumbers = async (tenantUuid: string) => {
  const used = await listUsedNumbers(t.database.db, tenantUuid);
  return { used, distinct: new Set(used).size };
};

describe('the numbers the factories draw', () => {
  it('never give an extension a number a schedule already has (they share the tenant’s numbers)', async () => {
    const tenant = await t.build.tenant();
    const schedules = [await t.build.schedule(tenant), await t.build.schedule(tenant)];
    const extension = await t.build.extension(tenant);
    expect(schedules.map((s) => s.dialplanNumber)).not.toContain(extension.extension);
    const { used, distinct } = await usedNumbers(tenant.domainUuid);
    expect(distinct).toBe(used.length);
  });

  it('skip a number a test gave explicitly, for extensions, ring groups and IVR menus alike', async () => {
    const tenant = await t.build.tenant();
    await t.build.extension(tenant, { extension: '2002' });
    await t.build.ringGroup(tenant, { ringGroupExtension: '301' });
    await t.build.ivrMenu(tenant, { ivrMenuExtension: '5001' });
    const drawn = [];
    for (let i = 0; i < 2; i++)
      drawn.push(
        (await t.build.extension(tenant)).extension,
        (await t.build.ringGroup(tenant)).ringGroupExtension,
        (await t.build.ivrMenu(tenant)).ivrMenuExtension,
      );
    expect(drawn).toEqual(['2001', '300', '5000', '2003', '302', '5002']);
    const { used, distinct } = await usedNumbers(tenant.domainUuid);
    expect(used).toHaveLength(9);
    expect(distinct).toBe(9);
  });

  it('give builds running side by side different numbers', async () => {
    const tenant = await t.build.tenant();
    await Promise.all([
      t.build.extension(tenant),
      t.build.extension(tenant),
      t.build.schedule(tenant),
      t.build.schedule(tenant),
    ]);
    const { used, distinct } = await usedNumbers(tenant.domainUuid);
    expect(used).toHaveLength(4);
    expect(distinct).toBe(4);
  });
});
