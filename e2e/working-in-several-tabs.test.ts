import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, signIn } from './support/auth-steps';
import {
  callShown,
  incomingCall,
  openSoftphone,
  seconds,
  signInWithPhone,
  softphone,
  STAFF,
  watchPeerConnections,
} from './support/call-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

/** Uncaught errors of the pages a test opened: there must be none. */
let pageErrors: string[] = [];
beforeEach(() => {
  pageErrors = [];
});
afterEach(() => {
  expect(pageErrors).toEqual([]);
});

const watched = (page: Page) => {
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  return page;
};
const newPage = async () => watched(await e2e.newPage());
/** Another tab of the same browser (same context: its cookies, storage and channels). */
const anotherTab = async (of: Page) => {
  const tab = watched(await of.context().newPage());
  await watchPeerConnections(tab);
  return tab;
};

/** The sessions the server holds for a user, read as the user sees them in their presence row. */
async function loginCount(page: Page, userUuid: string): Promise<number> {
  return page.evaluate(async (uuid) => {
    const info = JSON.parse(sessionStorage.getItem('user_info')!) as { user: { id: string } };
    const token = sessionStorage.getItem('token');
    const response = await fetch(`/api/v1/user/info/${info.user.id}?directory=true`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as {
      data: { userGroup: { commDetails: { userList: { userUuid: string; loginCnt: number }[] }[] } };
    };
    const member = body.data.userGroup.commDetails
      .flatMap((g) => g.userList)
      .find((m) => m.userUuid === uuid);
    return member?.loginCnt ?? -1;
  }, userUuid);
}

describe('working in several tabs of one browser', () => {
  it('opens a second tab signed in, with one session and one softphone; the other tab follows and takes over', async () => {
    const first = await signInWithPhone(newPage, DEMO.yamada);
    await openSoftphone(first);
    const yamadaUuid = await first.evaluate(
      () =>
        (JSON.parse(sessionStorage.getItem('user_info')!) as { user: { userUuid: string } }).user.userUuid,
    );

    // A new tab opens the console without a sign-in, on the same session.
    const second = await anotherTab(first);
    await second.goto('/dashboard');
    await second.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/dashboard');
    expect(await second.evaluate(() => sessionStorage.getItem('token'))).toBe(
      await first.evaluate(() => sessionStorage.getItem('token')),
    );
    await expect.poll(() => loginCount(second, yamadaUuid)).toBe(1);

    // One softphone: the second tab says the first has it.
    await second.getByRole('tab', { name: '電話' }).click();
    await softphone(second)
      .getByText('電話はこのブラウザーの別のタブで接続しています', { exact: false })
      .waitFor();
    await softphone(second).getByText('接続済み').waitFor();
    await second.setViewportSize({ width: 1280, height: 800 });
    await second.screenshot({ path: e2e.artifact('tabs-following-1280.png') });

    // A colleague calls: only the first tab rings; the second shows the call and answers it there.
    const suzuki = await signInWithPhone(newPage, STAFF.suzuki);
    await openSoftphone(suzuki);
    await softphone(suzuki).getByRole('textbox', { name: '電話番号' }).fill('1001');
    await softphone(suzuki).getByRole('textbox', { name: '電話番号' }).press('Enter');
    await incomingCall(first).waitFor();
    // A ringing call is no current call: the following tab offers 受話 for it.
    const receive = softphone(second).getByRole('button', { name: /受話/ });
    await receive.waitFor();
    expect(await incomingCall(second).count()).toBe(0);
    await receive.click();
    await expect
      .poll(async () => seconds((await callShown(suzuki)).duration), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await second.locator('header').getByText('通話中 1002').waitFor();
    await incomingCall(first).waitFor({ state: 'detached' });
    // Hanging up from the second tab's header ends the first tab's call.
    await second.locator('header').getByRole('button', { name: '切断' }).click();
    await softphone(first).getByRole('status').getByText('接続済み').waitFor();
    await softphone(suzuki).getByRole('status').getByText('接続済み').waitFor();

    // The first tab closes: the second takes the phone over and is rung itself.
    await first.close();
    await softphone(second)
      .getByText('電話はこのブラウザーの別のタブで接続しています', { exact: false })
      .waitFor({ state: 'detached' });
    await softphone(second).getByRole('status').getByText('接続済み').waitFor();
    await softphone(suzuki).getByRole('textbox', { name: '電話番号' }).fill('1001');
    await softphone(suzuki).getByRole('textbox', { name: '電話番号' }).press('Enter');
    await incomingCall(second).waitFor();
    await incomingCall(second).getByRole('button', { name: '拒否' }).click();
    await expect.poll(() => loginCount(second, yamadaUuid)).toBe(1);
  });

  it('signs every tab out when one signs out, and a sign-in on one tab reaches a tab waiting on /login', async () => {
    const first = await newPage();
    await signIn(first, DEMO.admin);
    const second = await anotherTab(first);
    await second.goto('/dashboard');
    await second.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();

    await first.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await first.getByRole('menuitem', { name: 'ログアウト' }).click();
    await second.waitForURL('**/login');

    await signIn(first, DEMO.admin);
    await second.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/dashboard');
  });
});
