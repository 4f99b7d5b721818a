/**
 * Issue 19's journey, on the sandbox in Chromium: an outside caller (the caller page, 09012345678) rings
 * yamada; yamada answers and moves to the number's record, registers the caller as a customer and writes
 * a call note; the caller rings again and nobody answers; the recall badge counts the missed call for
 * everyone in the tenant (yamada and suzuki, each in their own browser context); suzuki calls back from
 * the recall list, the caller answers, and the item closes: the badge goes down for both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { incomingCall, softphone } from './support/call-steps';
import { useE2E } from './support/harness';
import {
  callerRegion,
  connectCallerLine,
  ringTheSalesGroup,
  salesDesk,
} from './support/outside-caller-steps';

const e2e = useE2E();
const newPage = () => e2e.newPage();
const CALLER = '09012345678';

/** The header's 'リコール n' (0 when it is not shown). */
async function recallBadge(page: Page): Promise<number> {
  const badge = page.getByRole('banner').getByRole('button', { name: /^リコール \d+$/ });
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.innerText()).replace(/\D/g, ''));
}

describe('a missed customer is called back', () => {
  it('registers the caller from the pop-up, notes the call, counts the missed call for everyone and closes it when suzuki calls back', async () => {
    const { admin, yamada, suzuki } = await salesDesk(newPage);
    // The demo data holds missed calls already: count from what each user sees now.
    await expect.poll(() => recallBadge(yamada)).toBe(await recallBadge(suzuki));
    const before = await recallBadge(yamada);

    // The outside caller connects its line as 09012345678 and rings.
    await connectCallerLine(admin, CALLER);
    await ringTheSalesGroup(admin);

    // yamada's pop-up: an unregistered number; 応答して移動 answers and opens its record.
    const popup = incomingCall(yamada);
    await popup.getByText(`【${CALLER}】`).waitFor();
    await popup.getByRole('button', { name: '応答して移動' }).click();
    await yamada.waitForURL(`**/cust/management/${CALLER}`);
    await yamada.getByRole('heading', { name: '顧客情報 090-1234-5678' }).waitFor();
    await yamada.getByText('この番号は顧客として登録されていません。', { exact: false }).waitFor();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();

    // The registration form has the number filled in; yamada registers the caller.
    expect(await yamada.getByRole('textbox', { name: '電話番号 1' }).inputValue()).toMatch(
      /^090-?1234-?5678$/,
    );
    await yamada.getByRole('textbox', { name: '会社名', exact: true }).fill('青空商事株式会社');
    await yamada.getByRole('textbox', { name: '会社名（フリガナ）', exact: true }).fill('アオゾラショウジ');
    await yamada.getByRole('textbox', { name: '担当者名', exact: true }).fill('佐藤 花子');
    await yamada.getByRole('button', { name: '登録' }).click();
    await yamada.getByText('青空商事株式会社 佐藤 花子').first().waitFor();
    await yamada
      .getByText('この番号は顧客として登録されていません。', { exact: false })
      .waitFor({ state: 'hidden' });

    // …and writes what was said.
    await yamada.getByRole('textbox', { name: '応対メモの内容' }).fill('見積書の再送を希望。来週再度連絡。');
    await yamada.getByRole('button', { name: 'メモを保存' }).click();
    await yamada.getByText('応対メモを保存しました。').waitFor();
    await yamada.getByText('見積書の再送を希望。来週再度連絡。').waitFor();
    await yamada.screenshot({ path: e2e.artifact('recall-yamada-record.png') });

    await callerRegion(admin).getByRole('button', { name: /切断/ }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();

    // The second call: both phones ring, nobody answers, the caller gives up.
    await ringTheSalesGroup(admin);
    await incomingCall(yamada).getByText('青空商事株式会社 佐藤 花子').waitFor();
    await incomingCall(suzuki).getByText('青空商事株式会社 佐藤 花子').waitFor();
    await callerRegion(admin).getByRole('button', { name: /切断/ }).click();
    await incomingCall(yamada).waitFor({ state: 'hidden' });
    await incomingCall(suzuki).waitFor({ state: 'hidden' });

    // The badge counts it for everyone, live.
    await expect.poll(() => recallBadge(yamada), { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => recallBadge(suzuki), { timeout: 10_000 }).toBe(before + 1);

    // suzuki opens the recall list from the badge and calls the customer back.
    await suzuki
      .getByRole('banner')
      .getByRole('button', { name: `リコール ${before + 1}` })
      .click();
    await suzuki.waitForURL('**/cust/management/recall');
    const row = suzuki.getByRole('row').filter({ hasText: '青空商事株式会社' });
    await row.getByText('未対応').waitFor();
    await suzuki.screenshot({ path: e2e.artifact('recall-suzuki-list.png') });
    await row.getByRole('button', { name: /^(09012345678|090-1234-5678) に発信$/ }).click();

    // The caller's page rings; it answers, they talk, suzuki hangs up.
    await admin
      .getByRole('status')
      .getByText(/着信中/)
      .waitFor();
    await callerRegion(admin).getByRole('button', { name: '応答' }).click();
    await softphone(suzuki)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    await suzuki.getByRole('banner').getByRole('button', { name: /切断/ }).click();
    await softphone(suzuki).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();

    // The completed call closed the item, recording suzuki; the badge goes down for both.
    await expect.poll(() => recallBadge(suzuki), { timeout: 10_000 }).toBe(before);
    await expect.poll(() => recallBadge(yamada), { timeout: 10_000 }).toBe(before);
    // The open list no longer holds it.
    await suzuki.reload();
    await suzuki
      .getByRole('row')
      .filter({ hasText: '青空商事株式会社' })
      .first()
      .waitFor({ state: 'hidden' });

    // yamada's record shows the whole story: the note, the missed call and the closed recall item.
    await yamada.reload();
    await yamada.getByText('見積書の再送を希望。来週再度連絡。').waitFor();
    await yamada.getByText('折り返し済み').first().waitFor();
    await yamada
      .getByText(/鈴木 花子/)
      .first()
      .waitFor();
    await yamada.screenshot({ path: e2e.artifact('recall-yamada-timeline.png') });
  });
});
