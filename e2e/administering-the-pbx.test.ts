import { readFile } from 'node:fs/promises';
import { newSchedule } from '@tsunagu/contract/schedule/schema';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, openSubmenu, sidebar, signIn } from './support/auth-steps';
import { useE2E } from './support/harness';
import { sineWav } from '../apps/server/src/platform/files/wav';

const e2e = useE2E();

/**
 * Signs in as the tenant administrator, opens a PBX screen from the menu once its grid has rows, runs
 * the steps, and signs out again: the administrator may hold only a few sessions at a time.
 */
async function onScreen(menuItem: string, steps: (page: Page) => Promise<void>): Promise<void> {
  const page = await e2e.newPage();
  await signIn(page, DEMO.admin);
  try {
    await openFromMenu(page, menuItem);
    await steps(page);
  } catch (error) {
    await page.screenshot({ path: e2e.artifact(`pbx-failed-${menuItem}.png`) }).catch(() => undefined);
    throw error;
  } finally {
    await page.evaluate(() =>
      fetch('/api/logout', { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } }),
    );
  }
}

/**
 * Opens the PBX submenu and clicks one of its items, once the submenu has finished opening. While its
 * height animates, the submenu clips its items; Playwright scrolls the clipping list to reach a low
 * item, the animation then scrolls it back, and the press and release land on different elements: no
 * click (seen on loaded machines as the page staying on /dashboard).
 */
async function openFromMenu(page: Page, menuItem: string): Promise<void> {
  await openSubmenu(page, 'PBX管理', menuItem);
  await sidebar(page).getByRole('link', { name: menuItem }).click();
  // The grid has rows once the list counts them.
  await page
    .getByRole('main')
    .getByText(/総件数 [1-9]/)
    .waitFor();
}

/** The rows of a grid that hold cells (its header row holds column headers). */
const dataRows = (page: Page, grid: Page | Locator = page) =>
  grid.getByRole('row').filter({ has: page.getByRole('cell') });

/** A button of the list screen (the side panel has buttons of its own). */
const listButton = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name });
/** The registration dialog with this title. */
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
/** A grid row showing the text. */
const row = (page: Page, text: string) => dataRows(page).filter({ hasText: text });

/** Opens a select, narrows it by typing, and picks the option with the title. */
async function choose(page: Page, select: Locator, search: string, title: string) {
  await select.click();
  await page.keyboard.type(search);
  await page.getByRole('option', { name: title, exact: true }).click();
}

/** Expects the alert 'お知らせ' with the message, then closes it. */
async function expectAlert(page: Page, message: string) {
  const alert = page.getByRole('dialog', { name: 'お知らせ' }).last();
  await alert.waitFor();
  await alert.getByText(message, { exact: true }).waitFor();
  await alert.getByRole('button', { name: 'OK' }).click();
  await alert.waitFor({ state: 'detached' });
}

describe('an administrator sets up the PBX', () => {
  it('refuses a group number outside 300–399, then creates a ring group with two members', () =>
    onScreen('グループ設定', async (page) => {
      await listButton(page, '新規').click();
      const form = dialog(page, 'グループ登録');
      await form.getByLabel(/グループ番号/).fill('400');
      await form.getByLabel(/グループ名/).fill('E2E開発部');
      await form.getByRole('button', { name: '保存' }).click();
      await expectAlert(page, 'グループ番号は300 ~ 399番までです。');

      await form.getByLabel(/グループ番号/).fill('350');
      const members = form.getByRole('combobox', { name: /内線番号/ });
      await choose(page, members, '1001', '1001 (山田 太郎)');
      await choose(page, members, '1002', '1002 (鈴木 花子)');
      await page.keyboard.press('Escape');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('保存されました!').waitFor();
      await form.waitFor({ state: 'detached' });

      const created = row(page, 'E2E開発部');
      await created.waitFor();
      const shown = created.getByRole('list', { name: '内線番号' }).getByRole('listitem');
      expect(await shown.allInnerTexts()).toEqual(['1001', '1002']);
      expect(await created.innerText()).toContain('350');
      await page.screenshot({ path: e2e.artifact('pbx-ring-groups.png') });
    }));

  it('adds an IVR with two options and refuses a digit used twice', () =>
    onScreen('IVR設定', async (page) => {
      await listButton(page, '新規').click();
      const form = dialog(page, 'IVR登録');
      await form.getByLabel(/IVR名/).fill('E2E夜間メニュー');
      await choose(page, form.getByRole('combobox', { name: /アナウンス/ }), '代表', '代表挨拶');

      const options: [digit: string, search: string, destination: string][] = [
        ['番号 1', '営業', '300 [営業部]'],
        ['番号 2', '山田', '1001 [山田 太郎]'],
      ];
      for (const [digit, search, destination] of options) {
        await form.getByRole('button', { name: '追加' }).click();
        const option = dialog(page, 'メニュー登録');
        await choose(page, option.getByRole('combobox', { name: /選択番号/ }), digit.slice(-1), digit);
        await choose(page, option.getByRole('combobox', { name: /転送先/ }), search, destination);
        await option.getByRole('button', { name: '追加' }).click();
        await option.waitFor({ state: 'detached' });
      }
      expect(await dataRows(page, form).count()).toBe(2);

      await form.getByRole('button', { name: '追加' }).click();
      const again = dialog(page, 'メニュー登録');
      await choose(page, again.getByRole('combobox', { name: /選択番号/ }), '1', '番号 1');
      await choose(page, again.getByRole('combobox', { name: /転送先/ }), '鈴木', '1002 [鈴木 花子]');
      await again.getByRole('button', { name: '追加' }).click();
      await page.screenshot({ path: e2e.artifact('pbx-ivr-duplicate.png') });
      await expectAlert(page, '登録済みの番号です。\n削除してからご利用ください。');
      // What was typed is discarded only after a yes to 「変更を破棄しますか？」.
      await again.getByRole('button', { name: '閉じる' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'はい' }).click();
      await again.waitFor({ state: 'detached' });

      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('保存されました!').waitFor();
      await row(page, 'E2E夜間メニュー').waitFor();
      expect(await row(page, 'E2E夜間メニュー').innerText()).toContain('代表挨拶');
    }));

  it('uploads a WAV, plays it and downloads the same bytes', () =>
    onScreen('音声ファイル', async (page) => {
      const wav = sineWav();
      await listButton(page, '新規').click();
      const form = dialog(page, 'ファイルアップロード');
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'e2e-tone.wav', mimeType: 'audio/wav', buffer: wav });
      expect(await form.getByLabel(/名前/).inputValue()).toBe('e2e-tone.wav');
      await form.getByLabel(/名前/).fill('E2Eテスト音');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('保存されました!').waitFor();
      // The tenant's storage use, from the upload's answer.
      await page.getByText(/^使用量 \d+(\.\d)? MB \/ 100 MB$/).waitFor();

      const uploaded = row(page, 'E2Eテスト音');
      await uploaded.waitFor();
      await uploaded.getByRole('button', { name: '再生' }).click();
      // The player got the audio through an authorised fetch (a blob URL) and could decode it.
      await page.waitForFunction(() => {
        const audio = document.querySelector('audio');
        return !!audio && audio.src.startsWith('blob:') && audio.duration > 0.9;
      });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        uploaded.getByRole('button', { name: 'ダウンロード' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('e2e-tone.wav');
      const path = await download.path();
      expect(Buffer.compare(await readFile(path), wav)).toBe(0);
    }));

  it("changes an incoming number's business hours", () =>
    onScreen('着信番号設定', async (page) => {
      // A second schedule to move the number to, created through the API with the page's own session.
      const schedule = newSchedule('年末年始', { domainName: 'demo.tsunagu.local' });
      const status = await page.evaluate(async (body) => {
        const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const response = await fetch('/api/v1/timeCondition/save/', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${sessionStorage.getItem('token')}`,
            'X-XSRF-TOKEN': decodeURIComponent(xsrf),
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(body),
        });
        return response.status;
      }, schedule);
      expect(status).toBe(200);

      await listButton(page, '更新').click();
      await row(page, '0312345679').click();
      await listButton(page, '修正').click();
      const form = dialog(page, '着信番号設定');
      expect(await form.getByLabel(/着信番号/).inputValue()).toBe('0312345679');
      await choose(page, form.getByRole('combobox', { name: /業務時間/ }), '年末', '年末年始');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('保存されました!').waitFor();
      await form.waitFor({ state: 'detached' });
      await row(page, '年末年始').waitFor();
      expect(await row(page, '0312345679').innerText()).toContain('年末年始');
      expect(await row(page, '0312345678').innerText()).toContain('通常営業');
    }));

  it('adds a speed dial and deletes it after confirmation', () =>
    onScreen('短縮ダイヤル', async (page) => {
      await listButton(page, '新規').click();
      const form = dialog(page, '短縮ダイヤル登録');
      await form.getByLabel(/短縮番号/).fill('07');
      await form.getByLabel(/電話番号/).fill('0311112222');
      await form.getByLabel('メモ').fill('E2E取引先');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('保存されました!').waitFor();
      const added = row(page, 'E2E取引先');
      await added.waitFor();
      expect(await page.getByText('総件数 4件').count()).toBe(1);

      await added.click();
      await listButton(page, '削除').click();
      await page.getByText('削除してもよろしいですか？').waitFor();
      await page.getByRole('button', { name: 'はい' }).click();
      await page.getByText('削除されました。').waitFor();
      await added.waitFor({ state: 'detached' });
      expect(await page.getByText('総件数 3件').count()).toBe(1);
      expect(await listButton(page, '修正').isDisabled()).toBe(true);
    }));
});

describe('an administrator opens the edit dialog (spec 2.5: after 150 ms)', () => {
  it('appears 150 ms or more after 修正, at once in full: no opening animation frame', () =>
    onScreen('内線番号', async (page) => {
      await dataRows(page).first().getByRole('checkbox').check();
      // Every frame from the click until the dialog is fully shown: how many showed it part-way (antd's
      // motion classes and style are what the check reads).
      await page.evaluate(`window.opening = new Promise((resolve) => {
        let clickAt = 0;
        let partial = 0;
        addEventListener('click', (event) => (clickAt = event.timeStamp), { capture: true, once: true });
        requestAnimationFrame(function frame() {
          const now = performance.now();
          const modal = [...document.querySelectorAll('[role="dialog"]')].find(
            (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === '内線登録',
          );
          if (clickAt && modal) {
            const style = getComputedStyle(modal);
            if (/-(enter|appear)/.test(modal.className) || style.opacity !== '1' || style.transform !== 'none')
              partial++;
            else return resolve({ partial, shownAfter: now - clickAt });
          }
          requestAnimationFrame(frame);
        });
      });
      undefined`);
      await listButton(page, '修正').click();
      const { partial, shownAfter } = (await page.evaluate('window.opening')) as {
        partial: number;
        shownAfter: number;
      };
      expect(partial).toBe(0);
      expect(shownAfter).toBeGreaterThanOrEqual(150);
      await dialog(page, '内線登録')
        .getByLabel(/内線番号/)
        .waitFor();
      await page.keyboard.press('Escape');
      await dialog(page, '内線登録').waitFor({ state: 'detached' });
    }));
});

describe('an administrator deletes something in use: nothing disappears silently', () => {
  it('refuses to delete ring group 300 while an IVR routes to it, shows where, and deletes it once the option is gone', async () => {
    let uses: string[] = [];
    await onScreen('グループ設定', async (page) => {
      await row(page, '営業部').click();
      await listButton(page, '削除').click();
      const question = page.getByRole('dialog').filter({ hasText: '使用中です' });
      await question.waitFor();
      expect(await question.innerText()).toContain('使用中: IVR 5000 の 1 番');
      await question.getByRole('button', { name: 'キャンセル' }).click();
      await question.waitFor({ state: 'detached' });
      await row(page, '営業部').waitFor();

      await listButton(page, '使用箇所').click();
      const drawer = page.getByRole('list', { name: '使用箇所' });
      await drawer.waitFor();
      uses = await drawer.getByRole('listitem').allInnerTexts();
      expect(uses).toContain('IVR 5000 の 1 番');
      await page.keyboard.press('Escape');
    });

    // Every IVR option that sends callers to 300 (another test may have added one) is removed.
    const options = uses.map((use) => /^IVR (\d+) の (\S+) 番$/.exec(use)).filter((m) => m !== null);
    await onScreen('IVR設定', async (page) => {
      for (const [, number, digit] of options) {
        await row(page, number as string).click();
        await listButton(page, '修正').click();
        const form = dialog(page, 'IVR登録');
        const option = dataRows(page, form).filter({ hasText: `番号 ${digit}` });
        await option.getByRole('button', { name: '削除' }).click();
        await form.getByRole('button', { name: '保存' }).click();
        await page.getByText('保存されました!').last().waitFor();
        await form.waitFor({ state: 'detached' });
        await row(page, number as string).click();
      }
    });

    await onScreen('グループ設定', async (page) => {
      const group = row(page, '営業部');
      await group.click();
      await listButton(page, '削除').click();
      await page.getByText('削除してもよろしいですか？').waitFor();
      await page.getByRole('button', { name: 'はい' }).click();
      await page.getByText('削除されました。').waitFor();
      await group.waitFor({ state: 'detached' });
    });
  }, 240_000);
});
