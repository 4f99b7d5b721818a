/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Issue 7 benchmark, in Chromium on the sandbox (fake microphone):
//  - ring → modal: from the verto.invite frame reaching the callee's page to the incoming-call modal
//    painted (the engine is on loopback, so its send and the page's receipt are the same instant);
//  - answer → audio: from the click on 応答 to the callee's connection reporting audio received
//    (inbound-rtp bytesReceived > 0);
//  - the softphone's JavaScript (gzip): the scripts a headset user loads that a desk-phone user never does.
// Run after `npm run build`: npx tsx bench/softphone.bench.ts   (BENCH_CALLS, default 20)
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { dial, watchPeerConnections } from '../e2e/support/call-steps';
import { launchChromium, percentiles, signedInPage } from './chromium';
import { freePort, freshDataDir, start, stop, waitForLogin } from './support';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);

async function signedIn(
  browser: Browser,
  base: string,
  username: string,
): Promise<{ page: Page; scripts: Map<string, Promise<Buffer>> }> {
  const scripts = new Map<string, Promise<Buffer>>();
  const page = await signedInPage(browser, base, { username, password: 'Staff#2026' }, async (page) => {
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.set(new URL(res.url()).pathname, res.body());
    });
    await watchPeerConnections(page);
  });
  return { page, scripts };
}

/** In the callee's page: ms from the next invite's arrival to the modal painted with the caller's number. */
function modalAfterInvite(page: Page, number: string): Promise<number> {
  return page.evaluate(
    (number) =>
      new Promise<number>((resolve) => {
        const stamps = (window as unknown as { __inviteAt: number[] }).__inviteAt;
        const before = stamps.length;
        const check = () => {
          const shown = [...document.querySelectorAll('[role="dialog"]')].some(
            (d) => d.textContent?.includes(`【${number}】`) && d.getBoundingClientRect().width > 0,
          );
          if (!shown || stamps.length === before) return false;
          // Painted at the next frame.
          requestAnimationFrame(() => resolve(performance.now() - (stamps.at(-1) as number)));
          return true;
        };
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
      }),
    number,
  );
}

/** In the callee's page: clicks 応答 in the modal on screen and returns ms until its connection has received audio. */
function audioAfterAnswer(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const known = peers.length;
    const dialog = [...document.querySelectorAll('[role="dialog"]')].find(
      (d) => d.getBoundingClientRect().width > 0,
    );
    const button = [...(dialog?.querySelectorAll('button') ?? [])].find((b) => b.textContent === '応答');
    if (!button) throw new Error('no 応答 button on screen');
    const t0 = performance.now();
    button.click();
    while (performance.now() - t0 < 10_000) {
      for (const peer of peers.slice(known)) {
        let bytes = 0;
        (await peer.getStats()).forEach((r: { type?: string; bytesReceived?: number }) => {
          if (r.type === 'inbound-rtp') bytes += r.bytesReceived ?? 0;
        });
        if (bytes > 0) return performance.now() - t0;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error('no audio within 10 s of answering');
  });
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    PORT: String(port),
    DATA_DIR: freshDataDir(),
    LOG_LEVEL: 'warn',
  });
  const browser = await launchChromium();
  try {
    await waitForLogin(base, 'admin', 'Admin#2026');
    const yamada = await signedIn(browser, base, 'yamada');
    const suzuki = await signedIn(browser, base, 'suzuki');
    for (const { page } of [yamada, suzuki]) {
      await page.getByRole('tab', { name: '電話' }).click();
      await page.getByRole('tabpanel', { name: '電話' }).getByText('接続済み').waitFor();
    }
    const dialFrom = (page: Page) => dial(page, '1002');
    const idle = (page: Page) =>
      page
        .getByRole('tabpanel', { name: '電話' })
        .getByLabel('通話相手')
        .getByText('-', { exact: true })
        .waitFor();

    const ring: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const [shown] = await Promise.all([modalAfterInvite(suzuki.page, '1001'), dialFrom(yamada.page)]);
      ring.push(shown);
      await suzuki.page.getByRole('dialog', { name: '着信' }).getByRole('button', { name: '拒否' }).click();
      await idle(yamada.page);
    }

    const audio: number[] = [];
    for (let i = 0; i < Math.min(CALLS, 10); i++) {
      await Promise.all([modalAfterInvite(suzuki.page, '1001'), dialFrom(yamada.page)]);
      audio.push(await audioAfterAnswer(suzuki.page));
      await suzuki.page.locator('header').getByRole('button', { name: /切断/ }).click();
      await idle(yamada.page);
      await idle(suzuki.page);
    }

    // What a desk-phone user's shell loads, against a headset user's with the 電話 tab open.
    const tanaka = await signedIn(browser, base, 'tanaka');
    await tanaka.page.getByRole('tab', { name: '通話履歴' }).click();
    await tanaka.page.waitForLoadState('networkidle');
    const headsetOnly = [...yamada.scripts.keys()].filter((path) => !tanaka.scripts.has(path));
    const sizes = await Promise.all(
      headsetOnly.map(async (path) => ({
        path,
        gzip: gzipSync(await (yamada.scripts.get(path) as Promise<Buffer>)).length,
      })),
    );
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);

    console.log(`ring → modal painted:       ${percentiles(ring)}   (target < 150 ms)`);
    console.log(`answer → audio received:    ${percentiles(audio)}`);
    console.log(
      `softphone JS (headset only): ${(total / 1024).toFixed(1)} kB gzip in ${sizes.length} chunks`,
    );
    for (const s of sizes.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${s.path}  ${(s.gzip / 1024).toFixed(1)} kB`);
    console.log(`desk-phone user loaded none of them: ${headsetOnly.every((p) => !tanaka.scripts.has(p))}`);
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
