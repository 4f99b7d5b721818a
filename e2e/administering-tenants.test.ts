import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, submitLogin } from './support/auth-steps';
import { useE2E } from './support/harness';
import { createTenantWithWizard, tenantRow } from './support/tenant-steps';

const e2e = useE2E();

describe('the provider administers tenants', () => {
  it('creates a tenant with its first administrator and 3 extensions, acts inside it, then disables it', async () => {
    const sp = await e2e.newPage();
    await signIn(sp, DEMO.sp);
    const { password } = await createTenantWithWizard(sp, {
      domainName: 'journey.tsunagu.test',
      description: '株式会社ジャーニー',
      admin: { username: 'journey-admin', name: '旅 太郎' },
    });
    expect(password.length).toBeGreaterThanOrEqual(8);
    const row = tenantRow(sp, 'journey.tsunagu.test');

    // The first administrator signs in with the password shown once.
    const admin = await e2e.newPage();
    await signIn(admin, { username: 'journey-admin', password });
    await admin.getByText('株式会社ジャーニー', { exact: true }).waitFor();

    // Acting inside it: the banner, then back.
    await row.getByRole('button', { name: '代理操作' }).click();
    await sp.getByRole('dialog').getByLabel('理由').fill('初期設定の確認');
    await sp.getByRole('button', { name: '代理操作を開始' }).click();
    await sp.getByText('journey.tsunagu.testとして操作中').waitFor();
    await sp.screenshot({ path: e2e.artifact('acting.png') });
    await sp.getByRole('button', { name: '代理操作を終了' }).click();
    await sp.waitForURL('**/system/admin');
    await expect.poll(() => sp.getByText('として操作中').count()).toBe(0);

    // Disabled: the administrator is signed out at once and cannot sign in again.
    await row.getByRole('button', { name: '無効化' }).click();
    await sp.getByRole('button', { name: 'はい' }).click();
    await admin.waitForURL('**/login', { timeout: 15_000 });
    await submitLogin(admin, 'journey-admin', password);
    await admin.getByText(tenantMessages.tenantDisabled).waitFor();
  });
});
