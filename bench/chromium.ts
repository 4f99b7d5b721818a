/// <reference lib="dom" />
// The benches' Chromium: the end-to-end tests' own start (the machine's Chromium or the packaged one, fake
// microphone, no prompts), and pages signed in through the login form that stamp each incoming call.
import type { Browser, Page } from 'playwright-core';
import { quantile, signInThroughForm } from './support';

export { launchBrowser as launchChromium } from '../e2e/support/browser';

/** In the page: stamps each verto.invite as it arrives (window.__inviteAt), before the app's handler sees it. */
export function stampInvites(): void {
  const stamps: number[] = [];
  (window as unknown as { __inviteAt: number[] }).__inviteAt = stamps;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).endsWith('/verto')) return;
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.includes('"method":"verto.invite"')) {
          stamps.push(performance.now());
          // In a trace (BENCH_TRACE), the start of the ring's work.
          performance.mark('verto.invite');
        }
      });
    }
  };
}

/**
 * A page in a fresh browser context, signed in through the login form, stamping invites from its first
 * script on. `prepare` runs before the sign-in (e.g. to watch the page's responses or connections).
 */
export async function signedInPage(
  browser: Browser,
  base: string,
  account: { username: string; password: string },
  prepare: (page: Page) => Promise<void> | void = () => {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  const page = await context.newPage();
  // tsx keeps function names through an esbuild helper the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(stampInvites);
  await prepare(page);
  await signInThroughForm(page, account.username, account.password);
  return page;
}

/** p50, p95, p99 and the worst of a series of milliseconds. */
export function percentiles(values: readonly number[]): string {
  if (values.length === 0) return 'no sample';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return `p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1) as number)} (n=${values.length})`;
}
