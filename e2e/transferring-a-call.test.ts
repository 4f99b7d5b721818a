import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from './support/auth-steps';
import {
  audioArrives,
  callShown,
  incomingCall,
  dial,
  signInWithSoftphone,
  softphone,
  STAFF,
} from './support/call-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();
const newPage = () => e2e.newPage();

/** How many peer connections the page has made so far. */
const peersMade = (page: Page) => page.evaluate(() => window.__peers?.length ?? 0);

/** Bytes of audio received on the page's connections made from the `from`-th on, still open. */
function bytesOnPeersFrom(page: Page, from: number): Promise<number> {
  return page.evaluate(async (from) => {
    let total = 0;
    for (const peer of (window.__peers ?? []).slice(from)) {
      if (peer.connectionState === 'closed') continue;
      (await peer.getStats()).forEach((report: { type?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && typeof report.bytesReceived === 'number')
          total += report.bytesReceived;
      });
    }
    return total;
  }, from);
}

describe('attended transfer between three browser softphones', () => {
  it('yamada consults admin while suzuki holds, then puts them through: they hear each other on new connections', async () => {
    const suzuki = await signInWithSoftphone(newPage, STAFF.suzuki);
    const yamada = await signInWithSoftphone(newPage, DEMO.yamada);
    const admin = await signInWithSoftphone(newPage, DEMO.admin);

    await dial(suzuki, '1001');
    await incomingCall(yamada).getByRole('button', { name: '応答', exact: true }).click();
    await audioArrives(suzuki);
    const suzukiCallPeers = await peersMade(suzuki);

    // Consult: suzuki is held (hold music), and her page makes its next offer while she waits.
    await softphone(yamada)
      .getByRole('button', { name: /相談転送/ })
      .click();
    const field = yamada.getByRole('textbox', { name: '転送先番号' });
    await field.fill('1000');
    await field.press('Enter');
    await incomingCall(admin).getByRole('button', { name: '応答', exact: true }).click();
    await expect.poll(() => peersMade(suzuki)).toBe(suzukiCallPeers + 1);
    const adminPeers = await peersMade(admin);

    await softphone(yamada)
      .getByRole('button', { name: /転送完了/, disabled: false })
      .click();
    await softphone(yamada).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();
    await expect.poll(async () => (await callShown(suzuki)).remote, { timeout: 10_000 }).toBe('1000');
    await expect.poll(async () => (await callShown(admin)).remote, { timeout: 10_000 }).toBe('1002');

    // Suzuki's page offered on the connection it had made ahead (none made when asked), and audio
    // flows both ways on the new connections.
    expect(await peersMade(suzuki)).toBe(suzukiCallPeers + 1);
    await expect
      .poll(() => bytesOnPeersFrom(suzuki, suzukiCallPeers), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => bytesOnPeersFrom(admin, adminPeers), { timeout: 10_000 }).toBeGreaterThan(0);

    await suzuki.locator('header').getByRole('button', { name: /切断/ }).click();
    await softphone(admin).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();
  });
});
