import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/auth-steps';
import {
  audioArrives,
  bytesReceived,
  callShown,
  incomingCall,
  dial,
  seconds,
  signInWithPhone,
  signInWithSoftphone,
  softphone,
  STAFF,
  clickWhenEnabled,
  vertoRequestsSent,
} from './support/call-steps';
import { useE2E } from './support/harness';
import {
  callerRegion,
  connectCallerLine,
  dialTheDemoNumber,
  pressInTheIvr,
  salesDesk,
} from './support/outside-caller-steps';

const e2e = useE2E();
const newPage = () => e2e.newPage();

/** The presence tab's park list, expanded. */
async function parkList(page: Page) {
  await page.getByRole('tab', { name: 'プレゼンス' }).click();
  const list = page.getByRole('list', { name: 'パーク保留確認（ベータ）' });
  if (!(await list.isVisible())) await page.getByText('パーク保留確認（ベータ）').click();
  return list;
}

describe('an outside caller reaches staff through the IVR, with real audio', () => {
  it('dials 0312345678 from the caller page, passes the IVR, rings yamada and suzuki; yamada answers and audio flows both ways', async () => {
    const { admin, yamada, suzuki } = await salesDesk(newPage);
    await connectCallerLine(admin, '09012345678');
    await dialTheDemoNumber(admin);

    // The IVR's greeting plays on the caller page (the sandbox says so); digit 1 is the sales group.
    await admin.screenshot({ path: e2e.artifact('calls-caller-ivr.png') });
    await pressInTheIvr(admin, '1');

    await incomingCall(yamada).getByText('【09012345678】').waitFor();
    await incomingCall(suzuki).getByText('【09012345678】').waitFor();
    // An outside number: 'Answer then move' is offered.
    await incomingCall(yamada).getByRole('button', { name: '応答して移動' }).waitFor();
    await yamada.screenshot({ path: e2e.artifact('calls-yamada-ringing.png') });
    await incomingCall(yamada).getByRole('button', { name: '応答', exact: true }).click();

    await incomingCall(suzuki).waitFor({ state: 'hidden' });
    await admin.getByRole('status').getByText('通話中').waitFor();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    expect((await callShown(yamada)).remote).toBe('09012345678');

    // Real media both ways: each side's connection reports audio received.
    expect(await audioArrives(admin)).toBeGreaterThan(0);
    expect(await audioArrives(yamada)).toBeGreaterThan(0);
    await yamada.screenshot({ path: e2e.artifact('calls-yamada-talking.png') });
    await admin.screenshot({ path: e2e.artifact('calls-caller-talking.png') });

    await callerRegion(admin).getByRole('button', { name: /切断/ }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();
    await admin
      .getByRole('status')
      .getByText(/通話終了/)
      .waitFor();
  });
});

describe('staff call from the browser softphone', () => {
  it('calls, holds, sends DTMF, parks on P3 and takes the call back, with history on both sides', async () => {
    const yamada = await signInWithSoftphone(newPage, DEMO.yamada);
    const suzuki = await signInWithSoftphone(newPage, STAFF.suzuki);

    await dial(yamada, '1002');
    const modal = incomingCall(suzuki);
    await modal.getByText('【1001】').waitFor();
    await modal.getByText('山田 太郎').waitFor();
    // An extension is no customer: no 'Answer then move'.
    expect(await modal.getByRole('button', { name: '応答して移動' }).count()).toBe(0);
    await suzuki.screenshot({ path: e2e.artifact('calls-suzuki-modal.png') });
    await modal.getByRole('button', { name: '応答', exact: true }).click();

    // Both timers run.
    await expect
      .poll(async () => seconds((await callShown(yamada)).duration), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => seconds((await callShown(suzuki)).duration), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect((await callShown(suzuki)).remote).toBe('1001');
    await audioArrives(suzuki);
    // The header shows the call with its hang-up button.
    await yamada.locator('header').getByText('通話中 1002').waitFor();

    // Hold and resume: the timer goes on from where it was.
    const hold = softphone(yamada).getByRole('button', { name: /保留/ });
    await hold.click();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/保留中/)
      .waitFor();
    expect(await hold.getAttribute('aria-pressed')).toBe('true');
    const heldAt = seconds((await callShown(yamada)).duration);
    await yamada.waitForTimeout(1500);
    await hold.click();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    expect(seconds((await callShown(yamada)).duration)).toBeGreaterThanOrEqual(heldAt + 1);

    // DTMF: the keypad sends verto.info during a call.
    await softphone(yamada).getByRole('button', { name: 'キー 5' }).click();
    await expect
      .poll(() =>
        vertoRequestsSent(yamada)
          .filter((r) => r.method === 'verto.info')
          .map((r) => r.params.dtmf),
      )
      .toEqual(['5']);

    // Park on P3: suzuki waits in the slot, which turns red in both browsers.
    await softphone(yamada).getByRole('button', { name: 'P3' }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();
    for (const page of [yamada, suzuki]) {
      const slots = await parkList(page);
      await slots.getByRole('listitem', { name: 'P3' }).getByText('使用中').waitFor();
    }
    await yamada.screenshot({ path: e2e.artifact('calls-parked.png') });
    await yamada.getByRole('tab', { name: '電話' }).click();
    const p3 = softphone(yamada).getByRole('button', { name: 'P3' });
    await expect.poll(() => p3.getAttribute('data-occupied')).toBe('true');

    // With no call of his own, P3 takes the parked call back (dials 5903): suzuki is reconnected.
    const before = await bytesReceived(suzuki);
    await p3.click();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    await audioArrives(suzuki, before);
    await audioArrives(yamada);
    const slots = await parkList(suzuki);
    await slots.getByRole('listitem', { name: 'P3' }).getByText('未使用').waitFor();

    // Suzuki hangs up from the header.
    await suzuki.locator('header').getByRole('button', { name: /切断/ }).click();
    await yamada.getByRole('tab', { name: '電話' }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();

    // The calls are in both call-history tabs, under the colleague's name.
    for (const [page, colleague] of [
      [yamada, '鈴木 花子'],
      [suzuki, '山田 太郎'],
    ] as const) {
      await page.getByRole('tab', { name: '通話履歴' }).click();
      const history = page.getByRole('tabpanel', { name: '通話履歴' });
      await history.getByRole('button', { name: '更新' }).click();
      await history.getByRole('listitem').filter({ hasText: colleague }).first().waitFor();
    }
    await suzuki.screenshot({ path: e2e.artifact('calls-history.png') });
  });
});

describe('a desk-phone user calls back from the history', () => {
  it('click-to-call from the call history rings the simulated desk phone first, then the number', async () => {
    const tanaka = await signInWithPhone(newPage, STAFF.tanaka);
    const yamada = await signInWithSoftphone(newPage, DEMO.yamada);
    const deskPhone = tanaka.getByRole('group', { name: '卓上電話（模擬）' });

    // A first call gives tanaka a record to call back from: yamada calls his desk phone.
    await softphone(yamada).getByRole('textbox', { name: '電話番号' }).fill('1003');
    await softphone(yamada).getByRole('button', { name: /発信/ }).click();
    await deskPhone.getByText(/着信中/).waitFor();
    await tanaka.getByRole('dialog', { name: '着信' }).getByText('1001').waitFor();
    await tanaka.getByRole('dialog', { name: '着信' }).getByRole('button', { name: '閉じる' }).click();
    await deskPhone.getByRole('button', { name: /応答/ }).click();
    await deskPhone.getByText('通話中').waitFor();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    await deskPhone.getByRole('button', { name: /切断/ }).click();
    await deskPhone.getByText('待機中').waitFor();

    await tanaka.getByRole('tab', { name: '通話履歴' }).click();
    const history = tanaka.getByRole('tabpanel', { name: '通話履歴' });
    await history.getByRole('button', { name: '更新' }).click();
    const answer = tanaka.waitForResponse((r) => r.url().endsWith('/api/v1/sandbox/deskphone/answer'));
    await history.getByRole('button', { name: '1001' }).first().click();

    // The desk phone rings first, as a click-to-call (no pop-up for it), and is answered from the
    // console — at once: a simulated desk phone picks up a click-to-call by itself after a second.
    expect(await clickWhenEnabled(tanaka, '卓上電話（模擬）', '応答')).toContain('着信中 クリック発信 1001');
    expect((await answer).status()).toBe(200);
    await deskPhone.getByText('通話中').waitFor();
    expect(await tanaka.getByRole('dialog', { name: '着信' }).isVisible()).toBe(false);

    // Then the number dialled rings: yamada's softphone, calling from tanaka's extension.
    await incomingCall(yamada).getByText('【1003】').waitFor();
    await incomingCall(yamada).getByText('田中 一郎').waitFor();
    await tanaka.screenshot({ path: e2e.artifact('calls-desk-phone.png') });
    await incomingCall(yamada).getByRole('button', { name: '応答', exact: true }).click();
    await softphone(yamada)
      .getByRole('status')
      .getByText(/通話中/)
      .waitFor();
    await deskPhone.getByRole('button', { name: /切断/ }).click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();
  });
});
