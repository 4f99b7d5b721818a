import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/auth-steps';
import {
  dial,
  incomingCall,
  openSoftphone,
  signInWithPhone,
  signInWithSoftphone,
  softphone,
  STAFF,
  vertoRequestsSent,
} from './support/call-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();
const newPage = () => e2e.newPage();

/** The header's message-waiting badge (shown only while there are new messages). */
const voicemailBadge = (page: Page) => page.locator('header').getByRole('button', { name: /留守番電話/ });

/** Pieces of a voicemail message the calling page has sent the sandbox (its microphone, a second each). */
const messagePieces = (page: Page) =>
  vertoRequestsSent(page).filter((request) => request.method === 'sandbox.voicemail').length;

describe('a caller leaves a voicemail for a colleague who does not answer', () => {
  it('suzuki turns his box on; yamada rings him unanswered, speaks after the tone; suzuki sees the badge, plays the message and deletes it', async () => {
    // Suzuki's box takes calls he has not answered within 5 seconds.
    const suzuki = await signInWithPhone(newPage, STAFF.suzuki);
    await suzuki.goto('/voicemail');
    const settings = suzuki.getByRole('main');
    await settings.getByRole('switch', { name: '留守番電話を使う' }).click();
    await settings.getByRole('spinbutton', { name: '呼出秒数' }).fill('5');
    await settings.getByRole('button', { name: '保存' }).click();
    await suzuki.getByText('留守番電話の設定を保存しました。').waitFor();
    await settings.getByText('メッセージはありません').waitFor();
    expect(await voicemailBadge(suzuki).count()).toBe(0);
    await openSoftphone(suzuki);

    // Yamada calls; suzuki's softphone rings and nobody answers it.
    const yamada = await signInWithSoftphone(newPage, DEMO.yamada);
    await dial(yamada, '1002');
    await incomingCall(suzuki).getByText('【1001】').waitFor();
    // After 5 s the box takes the call: the ringing stops on suzuki's side.
    await incomingCall(suzuki).waitFor({ state: 'hidden', timeout: 15_000 });

    // The greeting and the tone play; then the sandbox asks yamada's page to record, and it sends what
    // its (fake) microphone hears, a second at a time. Five seconds are well over the shortest message kept.
    await expect.poll(() => messagePieces(yamada), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await yamada.screenshot({ path: e2e.artifact('voicemail-caller-speaking.png') });
    await yamada.locator('header').getByRole('button', { name: /切断/ }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();

    // Suzuki's header shows one new message, live; the badge opens his 留守番電話 screen.
    await voicemailBadge(suzuki).waitFor({ timeout: 15_000 });
    expect(await voicemailBadge(suzuki).locator('xpath=..').innerText()).toContain('1');
    await suzuki.screenshot({ path: e2e.artifact('voicemail-badge.png') });
    await voicemailBadge(suzuki).click();
    await suzuki.waitForURL(/\/voicemail$/);
    const row = suzuki.getByRole('row').filter({ hasText: '1001' });
    await row.getByText('新着').waitFor();

    // Playing the message loads its audio into the player (a few seconds of WAV) and makes it heard:
    // the badge goes away.
    await row.getByRole('button', { name: /^再生 / }).click();
    const player = suzuki.getByLabel('留守番電話メッセージの再生');
    await expect
      .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration || 0), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    await row.getByText('再生済み').waitFor();
    await voicemailBadge(suzuki).waitFor({ state: 'detached' });
    await suzuki.screenshot({ path: e2e.artifact('voicemail-played.png') });

    // Deleting asks first, then the box is empty.
    await row.getByRole('button', { name: /^削除 / }).click();
    await suzuki.getByRole('button', { name: '削除', exact: true }).click();
    await suzuki.getByText('メッセージを削除しました。').waitFor();
    await suzuki.getByRole('main').getByText('メッセージはありません').waitFor();
  });
});
