import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, submitLogin } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

describe('the provider administers tenants', () => {
  it('creates a tenant with its first administrator and 3 extensions, acts inside it, then disables it', async () => {
    const sp = await e2e.newPage();
    await signIn(sp, DEMO.sp);
    await sp.goto('/system/admin');

    // The wizard: five steps, one request.
    await sp.getByRole('button', { name: '新規作成' }).click();
    const wizard = sp.getByRole('dialog');
    const next = () => wizard.getByRole('button', { name: '次へ' }).click();
    await wizard.getByLabel('ドメイン名', { exact: true }).fill('journey.tsunagu.test');
    await wizard.getByLabel('説明（ヘッダーに表示）').fill('株式会社ジャーニー');
    await next();
    await next();
    await wizard.getByLabel('ログインID').fill('journey-admin');
    await wizard.getByLabel('氏名').fill('旅 太郎');
    await next();
    await wizard.getByRole('checkbox', { name: '最初の内線番号を作成する' }).check();
    await next();
    await wizard.getByText('1001 ～ 1003').waitFor();
    await wizard.getByRole('button', { name: '作成' }).click();
    await sp.getByText('ドメインを作成しました').waitFor();
    const password = (await sp.locator('.ant-modal code').textContent()) ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    await sp.keyboard.press('Escape');
    const row = sp.getByRole('row', { name: /journey\.tsunagu\.test/ });
    await row.getByText('3 / 10').waitFor();

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
    await sp
      .getByRole('row', { name: /journey\.tsunagu\.test/ })
      .getByRole('button', { name: '無効化' })
      .click();
    await sp.getByRole('button', { name: 'はい' }).click();
    await admin.waitForURL('**/login', { timeout: 15_000 });
    await submitLogin(admin, 'journey-admin', password);
    await admin.getByText(tenantMessages.tenantDisabled).waitFor();
  });
});
