import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEMO, sidebar, signIn } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();
const SIGN_INS = 23;

describe('a tenant administrator reads the audit trail', () => {
  it('opens 操作履歴, filters, pages, keeps the page on reload and exports every filtered row', async () => {
    const page = await e2e.newPage();
    // More sign-ins than one page holds (each is recorded), and a failed one.
    for (let i = 0; i < SIGN_INS; i++) {
      const response = await page.request.post('/api/login', { data: DEMO.admin });
      expect(response.status()).toBe(200);
      // Signed out again, so that the sessions stay under the per-user limit.
      const authorization = response.headers().authorization!;
      expect((await page.request.get('/api/logout', { headers: { authorization } })).status()).toBe(200);
    }
    await page.request.post('/api/login', { data: { username: 'admin', password: 'Wrong#2026' } });
    await signIn(page, DEMO.admin);
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await sidebar(page).getByRole('link', { name: '操作履歴' }).click();
      await page.waitForURL('**/system/audit');
      await page.getByRole('cell', { name: 'サインインの失敗' }).first().waitFor();
      await page.screenshot({ path: e2e.artifact('audit-1280.png') });

      // Only successful sign-ins of admin.
      await page.getByRole('textbox', { name: 'ユーザーID' }).fill('admin');
      await page.getByRole('combobox', { name: '操作' }).click();
      await page.getByRole('option', { name: 'サインインの成功', exact: true }).click();
      await page.getByRole('button', { name: '絞り込み' }).click();
      await page.waitForURL(/action=login\.success/);
      const total = SIGN_INS + 1;
      await page.getByText(`総件数 ${total}件`).waitFor();
      expect(await page.getByRole('cell', { name: 'サインインの失敗' }).count()).toBe(0);

      // Page 2 holds the rest; a reload keeps page and filter.
      await page.getByRole('listitem', { name: '2' }).click();
      await page.waitForURL(/page=2/);
      await page.getByText(`${total}件中 21〜${total}件`).waitFor();
      await page.reload();
      await page.getByText(`${total}件中 21〜${total}件`).waitFor();
      expect(await page.getByRole('textbox', { name: 'ユーザーID' }).inputValue()).toBe('admin');

      // The export holds every filtered row, not only this page's.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'エクスポート' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('操作履歴.xlsx');
      const files = unzipSync(new Uint8Array(await readFile(await download.path())));
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
      expect(sheet.match(/<row /g)).toHaveLength(total + 1);

      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.screenshot({ path: e2e.artifact('audit-1920.png') });
    } finally {
      await page.context().close();
    }
  });
});
