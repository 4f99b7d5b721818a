import type { Page } from 'playwright-core';

/** A tenant as the provider's creation wizard takes it (its first administrator's password is generated). */
export interface NewTenant {
  domainName: string;
  /** The header's domainDescription. */
  description: string;
  admin: { username: string; name: string };
}

/** The tenant's row in ドメイン管理's list. */
export function tenantRow(sp: Page, domainName: string) {
  return sp.getByRole('row', { name: new RegExp(domainName.replaceAll('.', '\\.')) });
}

/**
 * The provider's wizard on /system/admin: the tenant with the default quotas, its first administrator and
 * the extensions 1001–1003, in one request. Returns the administrator's sign-in, read from the dialog
 * that shows the generated password once; resolves when the list shows the three extensions.
 */
export async function createTenantWithWizard(
  sp: Page,
  tenant: NewTenant,
): Promise<{ username: string; password: string }> {
  await sp.goto('/system/admin');
  await sp.getByRole('button', { name: '新規作成' }).click();
  const wizard = sp.getByRole('dialog', { name: 'ドメインの新規作成' });
  const next = () => wizard.getByRole('button', { name: '次へ' }).click();
  await wizard.getByLabel('ドメイン名', { exact: true }).fill(tenant.domainName);
  await wizard.getByLabel('説明（ヘッダーに表示）').fill(tenant.description);
  await next();
  await next();
  await wizard.getByLabel('ログインID').fill(tenant.admin.username);
  await wizard.getByLabel('氏名').fill(tenant.admin.name);
  await next();
  await wizard.getByRole('checkbox', { name: '最初の内線番号を作成する' }).check();
  await next();
  await wizard.getByText('1001 ～ 1003').waitFor();
  await wizard.getByRole('button', { name: '作成' }).click();

  const created = sp.getByRole('dialog', { name: 'ドメインを作成しました' });
  const password = (
    await created
      .getByRole('row', { name: /パスワード/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  // The footer's 閉じる (the × in the corner has the same name).
  await created.getByRole('button', { name: '閉じる' }).last().click();
  await tenantRow(sp, tenant.domainName).getByText('3 / 10').waitFor();
  return { username: tenant.admin.username, password };
}
