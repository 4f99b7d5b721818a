import type { Page } from 'playwright-core';
import { completeSecondStep } from './two-step-steps';

/** Demo sign-ins the seeded server accepts. */
export const DEMO = {
  sp: { username: 'sp', password: 'Sp#Admin2026' },
  admin: { username: 'admin', password: 'Admin#2026' },
  yamada: { username: 'yamada', password: 'Staff#2026' },
} as const;

/**
 * Fills the login form and presses ログイン (the page must be on /login); a second step (two-step sign-in,
 * required of provider users) is answered too.
 */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('ID', { exact: true }).fill(username);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await completeSecondStep(page, username);
}

/** Opens /login and signs in, resolving once the shell shows the user menu. */
export async function signIn(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, account.username, account.password);
  await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
}

/** The main menu's text (what the sidebar shows). */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'メインメニュー' });
}

/**
 * Opens a submenu of the sidebar and waits until it has finished opening. While its height animates,
 * the submenu clips its items; Playwright scrolls the clipping list to reach a low item, the animation
 * then scrolls it back, and the press and release land on different elements: no click (seen on loaded
 * machines). No accessible state tells when the opening ends, so this waits for the menu's animations.
 */
export async function openSubmenu(page: Page, label: string, firstItem: string): Promise<void> {
  const menu = sidebar(page);
  await menu.getByText(label).click();
  await menu.getByRole('link', { name: firstItem }).waitFor();
  await menu.evaluate(async (nav) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The opening starts a frame or two after the items render; then wait out every animation under way.
    for (let quiet = 0; quiet < 3;) {
      await frame();
      const running = nav.getAnimations({ subtree: true });
      quiet = running.length === 0 ? quiet + 1 : 0;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}
