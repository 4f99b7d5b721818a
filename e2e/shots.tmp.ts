// Throwaway: screenshots of the business-hours screen (not committed).
import { startServer } from './support/server';
import { launchBrowser } from './support/browser';
import { DEMO, signIn } from './support/auth-steps';

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [w, h] of [[1280, 800], [1920, 1080]] as const) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: w, height: h }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.goto('/pbx/time');
    await page.getByLabel('営業時間選択').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('通常営業', { exact: true }).click();
    await page.locator('h4', { hasText: '通常営業' }).waitFor();
    const shot = async (name: string, full = false) => page.screenshot({ path: `/tmp/h17/shots/${w}-${name}.png`, fullPage: full });
    await shot('page', true);
    // dialogs
    await page.getByRole('button', { name: '祝日追加' }).scrollIntoViewIfNeeded();
    await shot('list');
    for (const [button, title, name] of [['曜日時間追加', '曜日時間設定', 'wtime'], ['特定日追加', '特定日設定', 'mday'], ['祝日追加', '祝日・休業日設定', 'holiday']] as const) {
      try {
      await page.getByRole('button', { name: button }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: title });
      await modal.waitFor();
      if (name === 'holiday') {
        await modal.getByRole('button', { name: '休業日を追加' }).click();
        await modal.getByRole('button', { name: '休業日を追加' }).click();
        await modal.getByLabel('休業日名').first().fill('創立記念日');
      }
      await shot(`dialog-${name}`);
      await modal.getByRole('button', { name: '保存' }).click();
      await page.waitForTimeout(300);
      await shot(`dialog-${name}-errors`);
      const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' });
      if (await ok.count()) await ok.click();
      await page.keyboard.press('Escape');
      const discard = page.locator('.ant-modal-confirm').getByRole('button', { name: /OK|はい|破棄/ });
      await page.waitForTimeout(200);
      if (await discard.count()) await discard.first().click();
      await modal.waitFor({ state: 'detached', timeout: 3000 }).catch(() => undefined);
      } catch (e) { console.log('step failed', name, String(e).slice(0, 300)); await shot(`fail-${name}`); await page.keyboard.press('Escape'); }
    }
    try {
      await page.getByRole('button', { name: '確認', exact: true }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: '確認', exact: true }).click();
      await page.locator('ol[aria-label="外線着信の動き"]').waitFor();
      await shot('trycall');
      await page.screenshot({ path: `/tmp/h17/shots/${w}-trycall-full.png`, fullPage: true });
    } catch (e) { console.log('trycall failed', String(e).slice(0, 300)); }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
