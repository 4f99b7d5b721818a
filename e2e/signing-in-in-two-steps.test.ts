import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { DEMO, submitLogin } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();
const KEY_LABEL = 'QRコードを読み取れない場合は、このキーを入力してください';

describe('signing in in two steps', () => {
  it('leads a provider through setting up the app at the first sign-in; the next one asks for a code', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('ID', { exact: true }).fill(DEMO.sp.username);
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO.sp.password);
    await page.getByRole('button', { name: 'ログイン' }).click();

    await page.getByText('このアカウントは二段階認証が必須です。', { exact: false }).waitFor();
    await page.getByRole('img', { name: '認証アプリに登録するQRコード' }).waitFor();
    const secret = (await page.getByLabel(KEY_LABEL).innerText()).replace(/\s/g, '');
    const totp = new TOTP({ secret, digits: 6, period: 30 });
    await page.locator('#login-code').fill(totp.generate());
    await page.getByRole('button', { name: /設定してログイン/ }).click();
    const codes = (await page.getByRole('list', { name: 'リカバリーコード' }).innerText())
      .split(/\s+/)
      .filter(Boolean);
    expect(codes).toHaveLength(10);
    // The codes stay on screen until the user says they are kept.
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('button', { name: '保管しました。続ける' }).click();
    await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
    await page.screenshot({ path: e2e.artifact('after-setup.png') });

    // Signed out, the password alone no longer signs in: a wrong code is refused, a recovery code works once.
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('ID', { exact: true }).fill(DEMO.sp.username);
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO.sp.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText('確認コードの入力').waitFor();
    const wrong = totp.generate() === '000000' ? '111111' : '000000';
    await page.locator('#login-code').fill(wrong);
    await page.getByRole('button', { name: /確認してログイン/ }).click();
    expect(await page.getByRole('alert').innerText()).toContain('確認コードが正しくありません。');
    await page.locator('#login-code').fill(codes[0]!);
    await page.getByRole('button', { name: /確認してログイン/ }).click();
    await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();

    // The settings tab says it is on, required, with one recovery code spent.
    await page.getByRole('tab', { name: '設定' }).click();
    const section = page.getByRole('region', { name: '二段階認証' });
    await section.getByText('リカバリーコードの残り: 9個').waitFor();
    expect(await section.getByText('このアカウントでは必須です。').isVisible()).toBe(true);
    expect(await section.getByRole('button', { name: '無効にする' }).count()).toBe(0);
  });

  it('leaves a staff user with one step', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await submitLogin(page, DEMO.yamada.username, DEMO.yamada.password);
    await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
    expect(await page.locator('#login-code').count()).toBe(0);
  });
});
