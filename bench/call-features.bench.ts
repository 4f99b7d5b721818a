/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Issue 20 benchmark, in Chromium on the sandbox (fake microphone), three browser softphones:
//  - dial → the other side ringing: from Enter pressed on the caller's number field to the verto.invite
//    frame reaching the callee's page (its ringtone and modal start there);
//  - attended-transfer completion: from the click on 転送完了 to both remaining parties' pages being told
//    of each other (the verto.display frames the exchange sends once it has re-bridged their media).
// Times are read in each page as performance.timeOrigin + performance.now(): one clock across the
// browser's pages. Run after `npm run build`: quiet-run npx tsx bench/call-features.bench.ts (BENCH_CALLS, default 20)
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { freePort, quantile, freshDataDir, signInThroughForm, start, stop, waitForLogin } from './support';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);

/** In the page: stamps every verto frame as it arrives ({method, at, text}) and every Enter key press. */
function stampFrames(): void {
  const now = () => performance.timeOrigin + performance.now();
  const frames: { method: string; at: number; text: string }[] = [];
  const enters: number[] = [];
  Object.assign(window, { __stamped: { frames, enters } });
  document.addEventListener('keydown', (event) => event.key === 'Enter' && enters.push(now()), true);
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).endsWith('/verto')) return;
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const method = /"method":"([^"]+)"/.exec(event.data)?.[1];
        if (method) frames.push({ method, at: now(), text: event.data });
      });
      // What the page sends is stamped too, as `sent:<method>` (a reply names the request's method).
      const send = this.send.bind(this);
      this.send = (data: string | ArrayBufferLike | Blob | ArrayBufferView) => {
        const method = typeof data === 'string' ? /"method":"([^"]+)"/.exec(data)?.[1] : undefined;
        if (method) frames.push({ method: `sent:${method}`, at: now(), text: String(data) });
        send(data);
      };
    }
  };
}

type Stamped = { frames: { method: string; at: number; text: string }[]; enters: number[] };
const stamps = (page: Page) => page.evaluate(() => (window as unknown as { __stamped: Stamped }).__stamped);
const frameCount = async (page: Page) => (await stamps(page)).frames.length;

async function signedIn(browser: Browser, base: string, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // tsx keeps function names through an esbuild helper the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(stampFrames);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.error(`${username}: ${message.text()}`);
  });
  await signInThroughForm(page, username, password);
  await page.getByRole('tab', { name: '電話' }).click();
  await phone(page).getByText('接続済み').waitFor();
  return page;
}

const phone = (page: Page) => page.getByRole('tabpanel', { name: '電話' });
const idle = (page: Page) => phone(page).getByLabel('通話相手').getByText('-', { exact: true }).waitFor();

async function dial(page: Page, number: string) {
  await phone(page).getByRole('textbox', { name: '電話番号' }).fill(number);
  await phone(page).getByRole('textbox', { name: '電話番号' }).press('Enter');
}

/** Waits for the first frame of `method` after `from` frames, optionally naming `containing`. */
async function frameAfter(page: Page, from: number, method: string, containing = ''): Promise<number> {
  const handle = await page.waitForFunction(
    ({ from, method, containing }) =>
      (window as unknown as { __stamped: Stamped }).__stamped.frames
        .slice(from)
        .find((f) => f.method === method && f.text.includes(containing))?.at ?? false,
    { from, method, containing },
    { polling: 'raf', timeout: 10_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function answer(page: Page) {
  await page.getByRole('dialog', { name: '着信' }).getByRole('button', { name: '応答', exact: true }).click();
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q);
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(sorted.at(-1) as number).toFixed(1)} ms (n=${values.length})`;
};

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
    const suzuki = await signedIn(browser, base, 'suzuki', 'Staff#2026');
    const yamada = await signedIn(browser, base, 'yamada', 'Staff#2026');
    const admin = await signedIn(browser, base, 'admin', 'Admin#2026');

    const ringing: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const [calleeFrames, callerEnters] = [await frameCount(yamada), (await stamps(suzuki)).enters.length];
      await dial(suzuki, '1001');
      const invited = await frameAfter(yamada, calleeFrames, 'verto.invite');
      const pressed = (await stamps(suzuki)).enters[callerEnters] as number;
      ringing.push(invited - pressed);
      await yamada.getByRole('dialog', { name: '着信' }).getByRole('button', { name: '拒否' }).click();
      await idle(suzuki);
      await idle(yamada);
    }

    const transfer: number[] = [];
    const steps: number[][] = [];
    for (let i = 0; i < CALLS; i++) {
      // suzuki calls yamada; yamada consults admin (suzuki on hold), then completes.
      await dial(suzuki, '1001');
      await answer(yamada);
      await phone(suzuki)
        .getByRole('status')
        .getByText(/通話中/)
        .waitFor();
      await phone(yamada)
        .getByRole('button', { name: /相談転送/ })
        .click();
      const field = yamada.getByRole('textbox', { name: '転送先番号' });
      await field.fill('1000');
      await field.press('Enter');
      await answer(admin);
      // The button shows while the colleague's phone rings and is enabled once the consult call is up.
      const complete = phone(yamada).getByRole('button', { name: /転送完了/, disabled: false });
      await complete.waitFor();
      const [suzukiFrames, adminFrames] = [await frameCount(suzuki), await frameCount(admin)];
      const clicked = await complete.evaluate((button: HTMLElement) => {
        const at = performance.timeOrigin + performance.now();
        button.click();
        return at;
      });
      const [toSuzuki, toAdmin] = await Promise.all([
        frameAfter(suzuki, suzukiFrames, 'verto.display', '1000'),
        frameAfter(admin, adminFrames, 'verto.display', '1002'),
      ]);
      transfer.push(Math.max(toSuzuki, toAdmin) - clicked);
      // Where it went: the held caller asked for a fresh offer, the colleague sent it to answer.
      const asked = await frameAfter(suzuki, suzukiFrames, 'sandbox.offer');
      const offered = await frameAfter(suzuki, suzukiFrames, 'sent:sandbox.offer');
      const attached = await frameAfter(admin, adminFrames, 'verto.attach');
      // Its answer is the client verto.attach carrying SDP, not the ack of the exchange's request.
      const answered = await frameAfter(admin, adminFrames, 'sent:verto.attach', '"sdp"');
      const told = Math.max(toSuzuki, toAdmin);
      steps.push([
        asked - clicked,
        offered - asked,
        attached - offered,
        answered - attached,
        told - answered,
      ]);
      await idle(yamada);
      await suzuki.locator('header').getByRole('button', { name: /切断/ }).click();
      await idle(suzuki);
      await idle(admin);
    }

    console.log(`dial → other side ringing:        ${stats(ringing)}   (target < 300 ms)`);
    console.log(`attended transfer → completed:     ${stats(transfer)}   (target < 500 ms)`);
    const STEPS = [
      'click → the held caller asked for an offer',
      '→ its page sends a fresh offer',
      '→ the colleague receives it (verto.attach)',
      '→ its page sends the answer',
      '→ both told of each other (verto.display)',
    ];
    STEPS.forEach((name, i) =>
      console.log(`  ${name.padEnd(44)} ${stats(steps.map((s) => s[i] as number))}`),
    );
  } catch (error) {
    // What each page showed when a step gave up: the bench says where it stopped.
    for (const [i, page] of browser
      .contexts()
      .flatMap((c) => c.pages())
      .entries()) {
      await page.screenshot({ path: `/tmp/call-features-${i}.png` }).catch(() => undefined);
      const last = await stamps(page).then(
        (s) => s.frames.slice(-6),
        () => [],
      );
      console.error(
        `page ${i}: last verto frames`,
        last.map((f) => f.text.slice(0, 300)),
      );
    }
    throw error;
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
