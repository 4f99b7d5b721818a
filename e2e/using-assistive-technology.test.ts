/**
 * Issue 17, "Accessible to everyone who answers a phone": axe-core (WCAG 2.1 A/AA, the level
 * JIS X 8341-3 asks for) finds no serious or critical violation on any screen, and the keyboard
 * paths the issue names work in a real browser.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, openSubmenu, sidebar, signIn } from './support/auth-steps';
import { seriousViolations } from './support/axe';
import { useE2E } from './support/harness';

const e2e = useE2E();

/** Waits until the page shows no loading spinner (the screen's data is in). */
async function settled(page: Page): Promise<void> {
  // antd's spinners say aria-busy (the app shows no skeletons).
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** axe over the page as it is now, each finding named by its screen (every screen is checked before failing). */
async function check(page: Page, screen: string, found: unknown[]): Promise<void> {
  await settled(page);
  for (const violation of await seriousViolations(page)) found.push({ screen, ...violation });
}

// The six PBX list screens and business hours, by their menu items.
const PBX_SCREENS = [
  '着信番号設定',
  '内線番号',
  'グループ設定',
  'IVR設定',
  '営業時間',
  '短縮ダイヤル',
  '音声ファイル',
];

/** Opens a PBX screen from the menu (in the app, without reloading), once its submenu has opened. */
async function openPbxScreen(page: Page, menuItem: string): Promise<void> {
  const menu = sidebar(page);
  const link = menu.getByRole('link', { name: menuItem });
  if (!(await link.isVisible())) await openSubmenu(page, 'PBX管理', menuItem);
  await link.click();
  // Every one of them has 更新 (a list screen's toolbar, or business hours' refresh).
  await page.getByRole('main').getByRole('button', { name: '更新' }).waitFor();
}

describe('a screen-reader user meets no serious or critical barrier (axe-core)', () => {
  it('on the login page', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    const found: unknown[] = [];
    await check(page, 'login', found);
    expect(found).toEqual([]);
  });

  it('on the dashboard and every PBX screen (administrator)', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.admin);
    const found: unknown[] = [];
    await check(page, 'dashboard', found);
    for (const screen of PBX_SCREENS) {
      await openPbxScreen(page, screen);
      await check(page, screen, found);
    }
    expect(found).toEqual([]);
  });

  it('on every side panel tab (staff with the softphone)', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.yamada);
    const found: unknown[] = [];
    for (const tab of ['プレゼンス', '通話履歴', '電話', 'チャット', '設定']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel', { name: tab, exact: true }).waitFor();
      await check(page, `side panel ${tab}`, found);
    }
    expect(found).toEqual([]);
  });
});

describe('a keyboard user', () => {
  it('skips to the main content from the first Tab stop, and a dialog gives focus back to 新規', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.admin);
    // A fresh load, so that Tab starts at the top of the page.
    await page.goto('/pbx/extension');
    await page.getByRole('main').getByRole('button', { name: '新規' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('メインコンテンツへスキップ');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    const create = page.getByRole('main').getByRole('button', { name: '新規' });
    await create.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('新規'));
  });
});
