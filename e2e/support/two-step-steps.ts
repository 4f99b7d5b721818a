import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';

/**
 * What the journeys know of each user's authenticator: the key the set-up screen showed and the recovery
 * codes it listed. Provider users must set two-step sign-in up at their first sign-in on a fresh server.
 */
const apps = new Map<string, { secret: string; recoveryCodes: string[] }>();

/** The second step, when the login page shows one: sets the app up (reading the key off the screen) or enters a code. */
export async function completeSecondStep(page: Page, username: string): Promise<void> {
  const field = page.locator('#login-code');
  // The second step, another page, or a refusal: whichever the sign-in led to.
  const secondStep = await Promise.race(
    [
      field.waitFor().then(() => true),
      page.waitForURL((url) => url.pathname !== '/login').then(() => false),
      page
        .getByRole('alert')
        .first()
        .waitFor()
        .then(() => false),
    ].map((outcome) => outcome.catch(() => false)),
  );
  if (!secondStep) return;
  const setup = page.getByRole('button', { name: /設定してログイン/ });
  if (await setup.isVisible()) {
    const key = page.getByLabel('QRコードを読み取れない場合は、このキーを入力してください');
    await key.waitFor();
    const secret = (await key.innerText()).replace(/\s/g, '');
    await field.fill(new TOTP({ secret, digits: 6, period: 30 }).generate());
    await setup.click();
    const list = page.getByRole('list', { name: 'リカバリーコード' });
    await list.waitFor();
    apps.set(username, { secret, recoveryCodes: (await list.innerText()).split(/\s+/).filter(Boolean) });
    await page.getByRole('button', { name: '保管しました。続ける' }).click();
    return;
  }
  const app = apps.get(username);
  if (!app) throw new Error(`${username}: two-step sign-in is on, but this run never set it up`);
  // Each sign-in spends a recovery code: an app code is accepted once per 30 seconds, the journeys sign in faster.
  const code = app.recoveryCodes.shift();
  if (!code) throw new Error(`${username}: no recovery code left for another sign-in`);
  await field.fill(code);
  await page.getByRole('button', { name: /確認してログイン/ }).click();
}
