import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO, sidebar, signIn, submitLogin } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

describe('signing in and out', () => {
  it('staff see the shell without the Admin section or PBX management, and sign out to /login', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.yamada);

    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const menu = sidebar(page);
    await menu.getByRole('link', { name: 'ホーム' }).waitFor();
    const menuText = await menu.innerText();
    expect(menuText).not.toContain('管理者');
    expect(menuText).not.toContain('ドメイン管理');
    expect(menuText).not.toContain('PBX管理');
    expect(await page.getByText('サンドボックス').isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'プレゼンス' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  it('a provider admin sees the Admin section', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.sp);

    const menu = sidebar(page);
    await menu.getByText('管理者').waitFor();
    const menuText = await menu.innerText();
    expect(menuText).toContain('ドメイン管理');
    expect(menuText).toContain('PBX管理');
    await page.screenshot({ path: e2e.artifact('shell.png') });
  });

  it('a signed-out deep link goes to /login and opens after sign-in', async () => {
    const page = await e2e.newPage();
    await page.goto('/pbx/extension');
    await page.waitForURL('**/login');

    await submitLogin(page, DEMO.admin.username, DEMO.admin.password);
    await page.waitForURL('**/pbx/extension');
    await sidebar(page).getByRole('link', { name: '内線番号' }).waitFor();
    expect(await page.title()).toBe('内線番号 | つなぐ');
  });

  it('a wrong password is refused with the ID/password message', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await submitLogin(page, DEMO.yamada.username, 'Wrong#Pass1');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('IDとパスワードを確認してください。');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  it('a user whose sessions are all held by closed tabs may end the oldest one and sign in', async () => {
    const sato = { username: 'sato', password: 'Staff#2026' };
    const signInByApi = () =>
      fetch(`${e2e.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sato),
      });
    // Three sign-ins whose tabs were closed: sato's limit of three is used up.
    for (let i = 0; i < 3; i++) expect((await signInByApi()).status).toBe(200);
    const page = await e2e.newPage();
    await page.goto('/login');
    await submitLogin(page, sato.username, sato.password);
    const alert = page.getByRole('alert');
    await alert.getByText('既に使用中のユーザーがいます。').waitFor();

    // The choice fits the 380 px login panel (inside the alert its label ran past the panel).
    const endOldest = page.getByRole('button', { name: '最も古いセッションを終了してサインイン' });
    const button = (await endOldest.boundingBox())!;
    const panel = (await page.locator('form').boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(panel.x);
    expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(await endOldest.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    await endOldest.click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
  });

  it('the login page loads under 235 KB of gzipped JavaScript (226 KB measured) and lists the demo sign-ins', async () => {
    const page = await e2e.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto('/login');
    await page.getByText('デモ用アカウント').waitFor();

    const sizes = await Promise.all(scripts);
    const totalKb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
    expect(sizes.length).toBeGreaterThan(0);
    expect(totalKb).toBeLessThan(235);
  });
});
