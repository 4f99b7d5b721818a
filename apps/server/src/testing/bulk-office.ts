import type { TestApp } from './test-app';

type Tenant = Awaited<ReturnType<TestApp['build']['tenant']>>;

/**
 * A tenant for bulk calls (bulk-calls.ts): twelve extensions 2001–2012 and a user on each of the first
 * eight; `own` is 2001, whose user the history tests read as.
 */
export async function bulkOffice(t: TestApp): Promise<{ tenant: Tenant; own: string }> {
  const tenant = await t.build.tenant();
  let own = '';
  for (let n = 1; n <= 12; n++) {
    const extension = await t.build.extension(tenant, { extension: String(2000 + n) });
    if (n <= 8) await t.build.user(tenant, { extensionUuid: extension.extensionUuid });
    if (n === 1) own = extension.extensionUuid;
  }
  return { tenant, own };
}
