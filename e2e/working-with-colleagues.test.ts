import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, signIn } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();
const SUZUKI = { username: 'suzuki', password: 'Staff#2026' } as const;

/** Uncaught errors of the pages a test opened: there must be none. */
let pageErrors: string[] = [];
beforeEach(() => {
  pageErrors = [];
});
afterEach(() => {
  expect(pageErrors).toEqual([]);
});

/** A page of its own browser context, whose uncaught errors fail the test. */
async function newPage(): Promise<Page> {
  const page = await e2e.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  return page;
}

/** A colleague's row in the Presence tab. */
const presenceRow = (page: Page, name: string) =>
  page.getByRole('region', { name: '営業部' }).getByRole('listitem', { name });
/** The 'IN' badge of a colleague's row. */
const inBadge = (page: Page, name: string) => presenceRow(page, name).getByText('IN', { exact: true });
const header = (page: Page) => page.locator('header');

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await page.waitForURL('**/login');
}

describe('working with colleagues in the side panel, live between two browsers', () => {
  it('shows a colleague IN in Presence while he is signed in, and not after he signs out', async () => {
    const yamada = await newPage();
    await signIn(yamada, DEMO.yamada);
    await presenceRow(yamada, '鈴木 花子').waitFor();
    expect(await inBadge(yamada, '鈴木 花子').count()).toBe(0);
    await inBadge(yamada, '山田 太郎').waitFor();

    const suzuki = await newPage();
    await signIn(suzuki, SUZUKI);
    await inBadge(yamada, '鈴木 花子').waitFor();
    expect(await presenceRow(yamada, '鈴木 花子').getAttribute('data-highlighted')).toBe('true');

    await logOut(suzuki);
    await inBadge(yamada, '鈴木 花子').waitFor({ state: 'detached' });
    await yamada.screenshot({ path: e2e.artifact('panel-presence.png') });
  });

  it('delivers a chat live and raises the recipient’s header badge until he opens the chat', async () => {
    const suzuki = await newPage();
    await signIn(suzuki, SUZUKI);
    const yamada = await newPage();
    await signIn(yamada, DEMO.yamada);

    await yamada.getByRole('tab', { name: 'チャット' }).click();
    await yamada.getByRole('combobox', { name: '宛先' }).click();
    await yamada.getByRole('option', { name: '鈴木 花子' }).click();
    await yamada.getByRole('textbox', { name: 'メッセージ' }).fill('15時から会議室Aです');
    await yamada.getByRole('button', { name: /送信/ }).click();
    await yamada.getByRole('log').getByText('15時から会議室Aです').waitFor();

    // The button's name says the unread count its badge shows.
    const badge = header(suzuki).getByRole('button', { name: 'チャット 未読1件' });
    await badge.waitFor();
    await suzuki.screenshot({ path: e2e.artifact('panel-chat-badge.png') });

    await badge.click();
    const received = suzuki.getByRole('log').getByText('15時から会議室Aです');
    await received.waitFor();
    expect(await suzuki.getByRole('log').innerText()).toContain('山田 太郎');
    await badge.waitFor({ state: 'detached' });
    await suzuki.screenshot({ path: e2e.artifact('panel-chat.png') });
  });

  it('sounds and shows a desktop notification for a chat while the chat tab is closed; clicking it opens the chat', async () => {
    const suzuki = await newPage();
    await suzuki.context().grantPermissions(['notifications']);
    // Records what the page shows and plays: the browser's own notifications and generated tones.
    await suzuki.addInitScript(() => {
      const record = window as unknown as { notices: Notification[]; oscillators: OscillatorNode[] };
      record.notices = [];
      record.oscillators = [];
      const Real = window.Notification;
      window.Notification = class extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          record.notices.push(this);
        }
      };
      const createOscillator = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        const oscillator = createOscillator.call(this);
        record.oscillators.push(oscillator);
        return oscillator;
      };
    });
    await signIn(suzuki, SUZUKI);
    const notices = () =>
      suzuki.evaluate(() =>
        (window as unknown as { notices: Notification[] }).notices.map((n) => ({
          title: n.title,
          body: n.body,
        })),
      );

    const yamada = await newPage();
    await signIn(yamada, DEMO.yamada);
    await yamada.getByRole('tab', { name: 'チャット' }).click();
    const send = async (text: string) => {
      await yamada.getByRole('textbox', { name: 'メッセージ' }).fill(text);
      await yamada.getByRole('button', { name: /送信/ }).click();
      await yamada.getByRole('log').getByText(text).waitFor();
    };
    await yamada.getByRole('combobox', { name: '宛先' }).click();
    await yamada.getByRole('option', { name: '鈴木 花子' }).click();
    await send('折り返しお願いします');

    await expect
      .poll(notices)
      .toEqual([{ title: '山田 太郎 さんからのチャット', body: '折り返しお願いします' }]);
    // The chat sound: two short notes (988 Hz, then 1319 Hz).
    const played = () =>
      suzuki.evaluate(() =>
        (window as unknown as { oscillators: OscillatorNode[] }).oscillators.map((o) =>
          Math.round(o.frequency.value),
        ),
      );
    expect(await played()).toEqual([988, 1319]);

    await suzuki.evaluate(() =>
      (window as unknown as { notices: Notification[] }).notices[0]!.dispatchEvent(new Event('click')),
    );
    await suzuki.getByRole('log').getByText('折り返しお願いします').waitFor();
    expect(await suzuki.getByRole('tab', { name: 'チャット', selected: true }).count()).toBe(1);

    // With the chat in view, the next message is simply shown.
    await send('会議室Bに変更です');
    await suzuki.getByRole('log').getByText('会議室Bに変更です').waitFor();
    expect(await notices()).toHaveLength(1);
    expect(await played()).toHaveLength(2);
  });

  it('lets an administrator force a colleague out from Presence, sending him to /login', async () => {
    const suzuki = await newPage();
    await signIn(suzuki, SUZUKI);
    const admin = await newPage();
    await signIn(admin, DEMO.admin);
    await inBadge(admin, '鈴木 花子').waitFor();

    await admin.getByRole('button', { name: '強制ログアウト 鈴木 花子' }).click();
    await admin.getByText('鈴木 花子 さんを強制ログアウトしますか？').waitFor();
    await admin.getByRole('button', { name: 'はい' }).click();

    await suzuki.waitForURL('**/login');
    expect(await suzuki.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await admin.getByText('強制ログアウトしました。').waitFor();
    await inBadge(admin, '鈴木 花子').waitFor({ state: 'detached' });
  });
});
