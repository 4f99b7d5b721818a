import { orderHint, scheduleMessages } from '@tsunagu/contract/schedule/messages';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTION_COLORS } from '../apps/web/src/features/schedules/action-colors';
import { DEMO, signIn } from './support/auth-steps';
import { seriousViolations } from './support/axe';
import { useE2E } from './support/harness';

const e2e = useE2E();

/** The modal with this title. */
const modal = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Types a value into an antd date or time picker and commits it with Enter. */
async function pick(picker: Locator, value: string) {
  await picker.click();
  await picker.fill(value);
  await picker.press('Enter');
}

/** Opens an antd select and clicks the option with the title. */
async function choose(page: Page, select: Locator, title: string) {
  await select.click();
  await page.getByRole('option', { name: title, exact: true }).click();
}

/** The fill of one ten-minute slot of a chart day. */
const slotFill = (page: Page, date: string, slot: number) =>
  page.locator(`svg g[data-date="${date}"] rect[data-slot="${slot}"]`).getAttribute('fill');

/** The next 28 December from today (Tokyo): the chart then spans the year-end closure and New Year. */
function nextYearEnd(): { year: number; start: string } {
  const today = new Date(Date.now() + 9 * 3_600_000);
  const year =
    today.getUTCMonth() === 11 && today.getUTCDate() > 28
      ? today.getUTCFullYear() + 1
      : today.getUTCFullYear();
  return { year, start: `${year}-12-28` };
}

describe('an administrator sets business hours', () => {
  it('creates a schedule, adds weekday hours and a yearly closure, and charts them', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.admin);
    try {
      await page.goto('/pbx/time');
      await page.getByLabel('営業時間選択').waitFor();

      // New schedule: it is chosen at once, with its default condition.
      await page.getByRole('button', { name: '新規' }).click();
      const create = modal(page, '営業時間の新規作成');
      await create.getByLabel('営業時間名').fill('E2E営業時間');
      await create.getByRole('button', { name: '追加' }).click();
      await create.waitFor({ state: 'detached' });
      await page.locator('h4', { hasText: 'E2E営業時間' }).waitFor();

      // Mon–Fri 09:00–18:00, transferred.
      await page.getByRole('button', { name: '曜日時間追加' }).click();
      const weekday = modal(page, '曜日時間設定');
      await weekday.getByLabel('曜日時間名').fill('平日');
      for (const day of ['月', '火', '水', '木', '金'])
        await weekday.getByRole('button', { name: day }).click();
      await pick(weekday.getByLabel('終了'), '18:00');
      await choose(page, weekday.getByLabel('動作選択'), '転送');
      await weekday.getByLabel('転送番号').pressSequentially('03-1234-5678');
      expect(await weekday.getByLabel('転送番号').inputValue()).toBe('0312345678');
      await weekday.getByRole('button', { name: '保存' }).click();
      await weekday.waitFor({ state: 'detached' });

      // Every year 12/29–12/31, with an announcement.
      const { year, start } = nextYearEnd();
      await page.getByRole('button', { name: '特定日追加' }).click();
      const closure = modal(page, '特定日設定');
      await closure.getByLabel('特定日名').fill('年末休業');
      expect(await closure.getByRole('checkbox', { name: '毎年' }).isChecked()).toBe(true);
      await pick(closure.getByLabel('開始'), `${year}-12-29`);
      await pick(closure.getByLabel('終了'), `${year}-12-31`);
      await choose(page, closure.getByLabel('動作選択'), 'アナウンス');
      await choose(page, closure.getByLabel('アナウンス'), '営業時間外のご案内');
      await page.screenshot({ path: e2e.artifact('schedules-closure.png') });
      await closure.getByRole('button', { name: '保存' }).click();
      await closure.waitFor({ state: 'detached' });

      const list = page
        .getByRole('region', { name: '特定日・曜日時間リスト' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') });
      await list.nth(2).waitFor();
      expect(await list.allInnerTexts()).toEqual([
        expect.stringMatching(/500\s+年末休業\s+毎年 12\/29〜12\/31\s+アナウンス/),
        expect.stringMatching(/800\s+平日\s+月〜金 09:00〜18:00\s+転送/),
        expect.stringMatching(/デフォルト\s+ほかの条件に当たらないすべての時間\s+切断/),
      ]);

      // The chart from 28 December: the closure all day, the weekday hours on the working days after it.
      await pick(page.getByLabel('表示開始日'), start);
      await page.keyboard.press('Escape');
      await page.locator(`svg g[data-date="${start}"]`).waitFor();
      expect(await slotFill(page, start, 60)).not.toBe(ACTION_COLORS.announce);
      for (const day of [29, 30, 31]) {
        expect(await slotFill(page, `${year}-12-${day}`, 60)).toBe(ACTION_COLORS.announce);
      }
      const workingDay = [1, 2, 3]
        .map((day) => `${year + 1}-01-0${day}`)
        .find((date) => [1, 2, 3, 4, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) as string;
      expect(await slotFill(page, workingDay, 53)).toBe(ACTION_COLORS.hangup);
      expect(await slotFill(page, workingDay, 54)).toBe(ACTION_COLORS.transfer);
      expect(await slotFill(page, workingDay, 107)).toBe(ACTION_COLORS.transfer);
      expect(await slotFill(page, workingDay, 108)).toBe(ACTION_COLORS.hangup);
      await page.screenshot({ path: e2e.artifact('schedules.png'), fullPage: true });

      // A second weekday time may not take priority 800 again.
      await page.getByRole('button', { name: '曜日時間追加' }).click();
      const duplicate = modal(page, '曜日時間設定');
      await duplicate.getByLabel('曜日時間名').fill('土曜');
      await duplicate.getByRole('button', { name: '土' }).click();
      await duplicate.getByLabel('優先順位').fill('800');
      await duplicate.getByRole('button', { name: '保存' }).click();
      const alert = page.getByRole('dialog', { name: 'お知らせ' });
      await alert.waitFor();
      await alert.getByText(scheduleMessages.orderTaken, { exact: true }).waitFor();
      await page.screenshot({ path: e2e.artifact('schedules-priority.png') });
      await alert.getByRole('button', { name: 'OK' }).click();
      // The priority field is marked, with its range under it.
      await duplicate.getByText(orderHint('wtime'), { exact: true }).waitFor();
    } catch (error) {
      await page
        .screenshot({ path: e2e.artifact('schedules-failed.png'), fullPage: true })
        .catch(() => undefined);
      throw error;
    } finally {
      await page.evaluate(() =>
        fetch('/api/logout', { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } }),
      );
    }
  });

  it('adds a holiday rule and asks 「この番号に今かけたら?」 for a holiday: the holiday rule answers', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.admin);
    try {
      await page.goto('/pbx/time');
      await choose(page, page.getByLabel('営業時間選択'), '通常営業');
      await page.locator('h4', { hasText: '通常営業' }).waitFor();

      // Public holidays plus the company's own founding day, hung up.
      await page.getByRole('button', { name: '祝日追加' }).click();
      const holidays = modal(page, '祝日・休業日設定');
      expect(await holidays.getByLabel('祝日・休業日名').inputValue()).toBe('祝日');
      await holidays.getByRole('button', { name: '休業日を追加' }).click();
      await holidays.getByLabel('休業日名', { exact: true }).fill('創立記念日');
      await pick(holidays.getByLabel('休業日の日付'), '06-15');
      await page.screenshot({ path: e2e.artifact('schedules-holiday.png') });
      expect(await seriousViolations(page)).toEqual([]);
      await holidays.getByRole('button', { name: '保存' }).click();
      await holidays.waitFor({ state: 'detached' });
      const list = page.locator('section[aria-label="特定日・曜日時間リスト"] tbody tr');
      await list.filter({ hasText: '国民の祝日・創立記念日' }).waitFor();
      expect(await list.first().innerText()).toMatch(/500\s+祝日\s+国民の祝日・創立記念日\s+切断/);

      // The next 勤労感謝の日 (23 November) is marked 祝 on the chart.
      const holiday = nextNovember23();
      await pick(page.getByLabel('表示開始日'), holiday);
      await page.keyboard.press('Escape');
      await page.locator(`svg g[data-date="${holiday}"][data-holiday="勤労感謝の日"]`).waitFor();
      expect(await slotFill(page, holiday, 60)).toBe(ACTION_COLORS.hangup);

      // An outside call to 0312345678 at 10:00 that day goes through the holiday rule.
      const tryCall = page.getByRole('region', { name: 'この番号に今かけたら?' });
      await tryCall.getByRole('radio', { name: '着信番号' }).check();
      await tryCall.getByLabel('確認する着信番号').fill('0312345678');
      await pick(tryCall.getByLabel('確認する日付'), holiday);
      await pick(tryCall.getByLabel('確認する時刻'), '10:00:00');
      await tryCall.getByRole('button', { name: '確認', exact: true }).click();
      const steps = tryCall.getByRole('list', { name: '外線着信の動き' });
      await steps.waitFor();
      const answer = tryCall.getByRole('region', { name: '確認の結果' });
      await expect.poll(() => answer.innerText()).toContain('祝日・休業日: 勤労感謝の日');
      expect(await answer.innerText()).toContain('優先順位 500');
      expect(await steps.innerText()).toBe('切断');
      await page.screenshot({ path: e2e.artifact('schedules-try-call.png'), fullPage: true });
      // The chart's holiday mark, the compact table and the answer pass axe (WCAG 2.1 AA) too.
      expect(await seriousViolations(page)).toEqual([]);
    } catch (error) {
      await page
        .screenshot({ path: e2e.artifact('schedules-holiday-failed.png'), fullPage: true })
        .catch(() => undefined);
      throw error;
    } finally {
      await page.evaluate(() =>
        fetch('/api/logout', { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } }),
      );
    }
  });
});

/** The next 23 November (勤労感謝の日) from today in Tokyo, 'YYYY-MM-DD'. */
function nextNovember23(): string {
  const today = new Date(Date.now() + 9 * 3_600_000);
  const passed = today.getUTCMonth() > 10 || (today.getUTCMonth() === 10 && today.getUTCDate() > 23);
  return `${today.getUTCFullYear() + (passed ? 1 : 0)}-11-23`;
}
