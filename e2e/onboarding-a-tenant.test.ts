/**
 * Issue 18's journey, in Chromium on the sandbox: the provider creates a tenant with the wizard (its first
 * administrator and three extensions); that administrator signs in and adds two users, one on an extension
 * of the range and one on a new extension; both users sign in, each in their own browser context, and one
 * calls the other on the softphone (fake microphone, audio both ways); the provider disables the tenant:
 * both consoles go to the login page at once saying why, and signing in again is refused.
 */
import { forcedOutMessages } from '@tsunagu/contract/realtime';
import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, sidebar, signIn, submitLogin } from './support/auth-steps';
import {
  audioArrives,
  callShown,
  incomingCall,
  dial,
  signInWithSoftphone,
  softphone,
} from './support/call-steps';
import { useE2E } from './support/harness';
import { createTenantWithWizard, tenantRow, type NewTenant } from './support/tenant-steps';

const e2e = useE2E();
const TENANT: NewTenant = {
  domainName: 'onboarding.tsunagu.test',
  description: '株式会社オンボーディング',
  admin: { username: 'onboarding-admin', name: '導入 花子' },
};

interface NewUser {
  username: string;
  password: string;
  name: string;
  /** An extension of the tenant, or a new one created in the same dialog. */
  extension: { existing: string } | { create: string };
}

const SATO: NewUser = {
  username: 'sato.onboarding',
  password: 'Sato#Onboard2026',
  name: '佐藤 一郎',
  extension: { existing: '1001' },
};
const ITO: NewUser = {
  username: 'ito.onboarding',
  password: 'Ito#Onboard2026',
  name: '伊藤 二郎',
  extension: { create: '1010' },
};

/** ユーザー管理's dialog: a 一般 user with a typed password and no forced change, on the given extension. */
async function createUser(admin: Page, user: NewUser): Promise<void> {
  await admin.getByRole('button', { name: '新規作成' }).click();
  const dialog = admin.getByRole('dialog', { name: 'ユーザーの新規作成' });
  await dialog.getByLabel(/^ログインID/).fill(user.username);
  await dialog.getByLabel(/^名前/).fill(user.name);
  // The select searches its options' labels; Enter takes the first that matches.
  const extension = dialog.getByRole('combobox', { name: '内線番号' });
  await extension.fill('existing' in user.extension ? user.extension.existing : '新しい内線番号を作成する');
  await extension.press('Enter');
  if ('create' in user.extension) await dialog.getByLabel(/^新しい内線番号/).fill(user.extension.create);
  await dialog.getByRole('radio', { name: '入力する' }).check();
  await dialog.getByRole('textbox', { name: '初期パスワード' }).fill(user.password);
  await dialog.getByRole('checkbox', { name: '次回サインイン時にパスワードの変更を求める' }).uncheck();
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const number = 'existing' in user.extension ? user.extension.existing : user.extension.create;
  await admin
    .getByRole('row', { name: new RegExp(user.username.replaceAll('.', '\\.')) })
    .getByRole('cell', { name: number, exact: true })
    .waitFor();
}

describe('onboarding a tenant, from the provider to a call, and stopping it', () => {
  it('creates the tenant and its administrator, who adds two users; they call each other; disabling signs both out', async () => {
    const sp = await e2e.newPage();
    await signIn(sp, DEMO.sp);
    const firstAdmin = await createTenantWithWizard(sp, TENANT);
    expect(firstAdmin.password.length).toBeGreaterThanOrEqual(8);

    const admin = await e2e.newPage();
    await signIn(admin, firstAdmin);
    await admin.getByText(TENANT.description, { exact: true }).waitFor();
    await sidebar(admin).getByRole('link', { name: 'ユーザー管理' }).click();
    await admin.waitForURL('**/system/user');
    await admin.getByRole('cell', { name: TENANT.admin.username }).waitFor();
    await createUser(admin, SATO);
    await createUser(admin, ITO);
    await admin.screenshot({ path: e2e.artifact('onboarding-users.png') });

    // Both sign in with a softphone; sato calls ito's new extension, ito answers.
    const sato = await signInWithSoftphone(() => e2e.newPage(), SATO);
    const ito = await signInWithSoftphone(() => e2e.newPage(), ITO);
    await dial(sato, '1010');
    await incomingCall(ito).getByText('【1001】').waitFor();
    await incomingCall(ito).getByText(SATO.name).waitFor();
    await incomingCall(ito).getByRole('button', { name: '応答', exact: true }).click();
    await softphone(sato)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    expect((await callShown(ito)).remote).toBe('1001');
    expect(await audioArrives(ito)).toBeGreaterThan(0);
    expect(await audioArrives(sato)).toBeGreaterThan(0);
    await ito.screenshot({ path: e2e.artifact('onboarding-call.png') });

    // The provider disables the tenant: both consoles go to the login page at once, saying why.
    await tenantRow(sp, TENANT.domainName).getByRole('button', { name: '無効化' }).click();
    await sp.getByRole('button', { name: 'はい' }).click();
    for (const user of [sato, ito]) {
      // Within seconds; 10 s leaves room for a loaded machine (5 s was missed once at load 7).
      await user.waitForURL('**/login', { timeout: 10_000 });
      await user.getByRole('status').getByText(forcedOutMessages.tenantStopped).waitFor();
    }
    await sato.screenshot({ path: e2e.artifact('onboarding-signed-out.png') });

    // Signing in again is refused with the spec's message.
    await submitLogin(ito, ITO.username, ITO.password);
    await ito.getByRole('alert').getByText(tenantMessages.tenantDisabled).waitFor();
    expect(ito.url()).toMatch(/\/login$/);
  });
});
