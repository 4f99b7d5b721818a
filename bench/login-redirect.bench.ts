/// <reference lib="dom" />
// Issue 13 benchmark, in Chromium: how long a bookmarked page takes to show the login form when the
// visitor has no session, an expired session (the token's time is past) or a revoked one (signed out
// elsewhere: only the server knows), and the bytes a browser really receives for /login.
//  - time: from the navigation's start (performance.timeOrigin) to the login form's ID field in the
//    page, measured inside the page; each case in a fresh browser context (empty cache), as a bookmark
//    opened in a new window would be;
//  - conditions: as is, and with Chromium's CPU slowed 4× (DevTools emulation: a busy or slow machine);
//  - bytes: transferSize of the document and every resource /login loads (compressed, with headers).
// Run after `npm run build`: npx tsx bench/login-redirect.bench.ts   (BENCH_RUNS, default 7)
import { createHmac } from 'node:crypto';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort, freshDataDir, quantile, start, stop, waitForLogin } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const JWT_SECRET = 'bench-login-redirect-secret-0123456789abcdef';
const BOOKMARK = '/pbx/extension';

// tsx keeps function names through an esbuild helper the page does not have.
const NAME_HELPER = 'globalThis.__name = (fn) => fn;';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A correctly signed session token whose time ran out an hour ago (the server refuses it: 401). */
function expiredToken(username: string): string {
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64url({ alg: 'HS256' })}.${b64url({ sid: '00000000-0000-4000-8000-000000000000', sub: username, iat: now - 13 * 3600, exp: now - 3600 })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** In the page: the time (ms since navigation start) the login form's ID field appears. */
function stampLoginForm(): void {
  const w = window as unknown as { __loginFormAt?: number };
  const check = () => {
    if (w.__loginFormAt !== undefined || !document.getElementById('login-username')) return;
    w.__loginFormAt = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

interface Session {
  token: string;
  userJson: string;
  /** When the app, at sign-in, noted the token would run out (ms, the browser's clock). */
  expiresAt: number;
}

async function timeToLoginForm(
  browser: Browser,
  base: string,
  cpuSlowdown: number,
  session: Session | null,
): Promise<number> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(NAME_HELPER);
  try {
    const page = await context.newPage();
    // The stored session is put in place from a same-origin page that does not run the app.
    if (session) {
      await page.goto('/api/health');
      await page.evaluate(({ token, userJson, expiresAt }) => {
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('user_info', userJson);
        sessionStorage.setItem('token_expires_at', String(expiresAt));
      }, session);
    }
    await page.addInitScript(stampLoginForm);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(BOOKMARK, { waitUntil: 'commit' });
    await page
      .locator('#login-username')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        const text = await page.evaluate(() => document.body.innerText.slice(0, 200));
        throw new Error(`no login form at ${page.url()}, the page shows ${JSON.stringify(text)}`, {
          cause: error,
        });
      });
    const at = await page.evaluate(() => (window as unknown as { __loginFormAt?: number }).__loginFormAt);
    if (new URL(page.url()).pathname !== '/login') throw new Error(`ended on ${page.url()}`);
    if (typeof at !== 'number') throw new Error('the login form was not stamped');
    return at;
  } finally {
    await context.close();
  }
}

/** Bytes received for /login in a fresh context: the document and every resource, as transferred. */
async function loginRouteBytes(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(NAME_HELPER);
  try {
    const page: Page = await context.newPage();
    await page.goto('/login');
    await page.getByText('デモ用アカウント').waitFor();
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const entries = [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ] as PerformanceResourceTiming[];
      const scripts = entries.filter((e) => /\.js(\?|$)/.test(e.name));
      const sum = (list: PerformanceResourceTiming[], key: 'transferSize' | 'decodedBodySize') =>
        list.reduce((total, e) => total + e[key], 0);
      return {
        requests: entries.length,
        transferred: sum(entries, 'transferSize'),
        decoded: sum(entries, 'decodedBodySize'),
        jsTransferred: sum(scripts, 'transferSize'),
        jsDecoded: sum(scripts, 'decodedBodySize'),
      };
    });
  } finally {
    await context.close();
  }
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => quantile(sorted, q);
  return `median ${at(0.5).toFixed(0)} ms, min ${(sorted[0] as number).toFixed(0)} ms, max ${(sorted.at(-1) as number).toFixed(0)} ms (n=${values.length})`;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: freshDataDir(),
    LOG_LEVEL: 'warn',
    JWT_SECRET,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const token = await waitForLogin(base, 'admin', 'Admin#2026');
    const info = await fetch(`${base}/api/v1/user/info/admin`, { headers: { authorization: token } });
    const userJson = JSON.stringify(((await info.json()) as { data: unknown }).data);
    const expired: Session = { token: expiredToken('admin'), userJson, expiresAt: Date.now() - 3600_000 };
    // Revoked: a live token whose session was ended by signing out.
    const revoke = async (): Promise<Session> => {
      const live = await waitForLogin(base, 'admin', 'Admin#2026');
      const out = await fetch(`${base}/api/logout`, { headers: { authorization: live } });
      if (!out.ok) throw new Error(`logout answered ${out.status}`);
      return { token: live.replace(/^Bearer /, ''), userJson, expiresAt: Date.now() + 11 * 3600_000 };
    };

    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const bytes = await loginRouteBytes(browser, base);
    console.log(
      `/login: ${bytes.requests} responses, ${kb(bytes.transferred)} transferred (${kb(bytes.decoded)} decoded); ` +
        `JavaScript ${kb(bytes.jsTransferred)} transferred (${kb(bytes.jsDecoded)} decoded)`,
    );
    for (const slowdown of [1, 4]) {
      const cases: [string, () => Promise<Session | null>][] = [
        ['no session', async () => null],
        ['expired session', async () => expired],
        ['revoked session', revoke],
      ];
      for (const [name, session] of cases) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++)
          times.push(await timeToLoginForm(browser, base, slowdown, await session()));
        console.log(`${BOOKMARK} → login form, ${name}, CPU ×${slowdown}: ${stats(times)}`);
      }
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
