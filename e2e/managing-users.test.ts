import { describe, expect, it } from 'vitest';
import { DEMO, sidebar, signIn, submitLogin } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

describe('a tenant administrator manages the users', () => {
  it('creates a user with a new extension and a generated password; the user must change it, then works; disabling signs them out', async () => {
    const admin = await e2e.newPage();
    await signIn(admin, DEMO.admin);
    try {
      await sidebar(admin).getByRole('link', { name: 'ユーザー管理' }).click();
      await admin.waitForURL('**/system/user');
      await admin.getByRole('cell', { name: 'yamada' }).waitFor();

      await admin.getByRole('button', { name: '新規作成' }).click();
      const dialog = admin.getByRole('dialog', { name: 'ユーザーの新規作成' });
      await dialog.getByLabel(/^ログインID/).fill('kimura.e2e');
      await dialog.getByLabel(/^名前/).fill('木村 五郎');
      await dialog.getByRole('combobox', { name: '内線番号' }).click();
      // antd draws the options in a portal outside the dialog: they are the page's.
      await admin.getByRole('option', { name: '新しい内線番号を作成する' }).click();
      await dialog.getByLabel(/^新しい内線番号/).fill('1050');
      await dialog.getByRole('button', { name: '保存' }).click();
      const shown = admin.getByRole('dialog', { name: 'パスワード' });
      const password = await shown.getByRole('textbox', { name: 'パスワード' }).inputValue();
      expect(password).toHaveLength(14);
      await admin.screenshot({ path: e2e.artifact('password-once.png') });
      // The footer's 閉じる (the × in the corner has the same name).
      await shown.getByRole('button', { name: '閉じる' }).last().click();
      await admin.getByRole('cell', { name: 'kimura.e2e' }).waitFor();
      await expect(
        admin
          .getByRole('row', { name: /kimura\.e2e/ })
          .getByRole('cell', { name: '1050' })
          .count(),
      ).resolves.toBe(1);

      // The new user signs in with it and must choose a password first.
      const user = await e2e.newPage();
      await user.goto('/login');
      await submitLogin(user, 'kimura.e2e', password);
      const change = user.getByRole('dialog', { name: 'パスワードの変更が必要です' });
      await change.getByLabel('現在のパスワード').fill(password);
      await change.getByLabel('PW').fill('Kimura#2026x');
      await change.getByRole('button', { name: '変更' }).click();
      await change.waitFor({ state: 'hidden' });
      await user.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();

      // Disabled by the administrator: the open console goes to /login at once, and sign-in says stopped.
      await admin
        .getByRole('row', { name: /kimura\.e2e/ })
        .getByRole('button', { name: '編集' })
        .click();
      const edit = admin.getByRole('dialog', { name: 'ユーザーの編集' });
      await edit.getByRole('checkbox', { name: /有効/ }).uncheck();
      await edit.getByRole('button', { name: '保存' }).click();
      await user.waitForURL('**/login', { timeout: 10_000 });
      await submitLogin(user, 'kimura.e2e', 'Kimura#2026x');
      await user.getByText('このユーザーは利用停止中です。').waitFor();
    } catch (error) {
      await admin.screenshot({ path: e2e.artifact('managing-users-failed.png') });
      throw error;
    }
  });
});
