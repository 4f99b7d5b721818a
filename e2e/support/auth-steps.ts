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
