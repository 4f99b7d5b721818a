/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Issue 19: the customer record on screen while the call still rings, in Chromium, on the console started
// over the customer tenant of customer-tenant.ts (100,000 customers, 1,000,000 calls; built once, reused)
// with the sandbox exchange. An outside caller (the caller page, presenting a customer's number: one of
// the ten big clients with ≈ 25,000 calls each, or any other customer) rings yamada through the IVR; in
// yamada's page, from the verto.invite frame's arrival:
//   - the pop-up painted with the customer's name (the incoming modal's caller card),
//   - the record painted: the toast clicked the moment it appears (as a user does), then the record's
//     name and the first entry of its timeline on screen (target < 300 ms after the invite).
// Run after `npm run build`: quiet-run npx tsx bench/customer-record-paint.bench.ts   (BENCH_RINGS, default 20)
import { chromium, type Browser, type Page } from 'playwright-core';
import { customerTenant, landline, SECRET_KEY } from './customer-tenant';
import { freePort, freshDataDir, start, stop, waitForLogin, signInThroughForm } from './support';

const RINGS = Number(process.env.BENCH_RINGS ?? 20);

/** In the page: stamps each verto.invite as it arrives, before the app's own handler sees it. */
function stampInvites(): void {
  const stamps: number[] = [];
  (window as unknown as { __inviteAt: number[] }).__inviteAt = stamps;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).endsWith('/verto')) return;
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.includes('"method":"verto.invite"'))
          stamps.push(performance.now());
      });
    }
  };
}

/**
 * In yamada's page, for the next invite: ms until the modal shows `name`, and ms until the record shows
 * `name` with a timeline entry (the toast clicked as soon as it is there).
 */
function paintsAfterInvite(page: Page, name: string): Promise<{ popup: number; record: number }> {
  return page.evaluate(
    (name) =>
      new Promise<{ popup: number; record: number }>((resolve) => {
        const stamps = (window as unknown as { __inviteAt: number[] }).__inviteAt;
        const before = stamps.length;
        let popup = 0;
        let clicked = false;
        const visible = (el: Element) => el.getBoundingClientRect().width > 0;
        const check = () => {
          if (stamps.length === before) return false;
          const at = stamps.at(-1) as number;
          if (!popup) {
            const shown = [...document.querySelectorAll('[role="dialog"]')].some(
              (d) => d.textContent?.includes(name) && visible(d),
            );
            if (shown) requestAnimationFrame(() => (popup = performance.now() - at));
          }
          if (!clicked) {
            const toast = document.querySelector<HTMLElement>('.ant-notification-notice');
            if (toast && visible(toast)) {
              clicked = true;
              toast.click();
            }
          }
          const record =
            location.pathname.startsWith('/cust/management/') &&
            [...document.querySelectorAll('h4')].some((h) => h.textContent?.startsWith('顧客情報')) &&
            document.querySelector('.ant-card-head-title')?.textContent === name &&
            document.querySelector('.ant-timeline-item') !== null;
          if (!record || !popup) return false;
          requestAnimationFrame(() => resolve({ popup, record: performance.now() - at }));
          return true;
        };
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    name,
  );
}

interface Schedule {
  dialplanName: string;
  timeconditions: Record<string, unknown>[];
  [key: string]: unknown;
}

/** The console API as the page's user (bearer token and XSRF cookie, as the app does). */
function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const headers: Record<string, string> = {
        Accept: 'application/json',
        Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
      const res = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return ((await res.json()) as { data: unknown }).data;
    },
    { method, path, body },
  ) as Promise<T>;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(sorted.at(-1) as number).toFixed(1)} ms (n=${values.length})`;
};

async function signedIn(browser: Browser, base: string, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // tsx keeps function names through an esbuild helper the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(stampInvites);
  await signInThroughForm(page, username, password);
  return page;
}

async function main() {
  const t = await customerTenant();
  await t.database.close();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = start('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    PORT: String(port),
    DATA_DIR: freshDataDir(),
    DATABASE_URL: t.url,
    SECRET_KEY,
    TELEPHONY: 'sandbox',
    LOG_LEVEL: 'warn',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  try {
    await waitForLogin(base, 'admin', 'Admin#2026');
    const admin = await signedIn(browser, base, 'admin', 'Admin#2026');
    // Calls reach the IVR at any hour: the demo schedule's weekday condition opened to every day.
    const domainUuid = t.tenant;
    const { list } = await api<{ list: Schedule[] }>(admin, 'GET', `/api/v1/timeCondition/${domainUuid}`);
    const schedule = list.find((s) => s.dialplanName === '通常営業') as Schedule;
    const timeconditions = schedule.timeconditions.map((c) =>
      c.timeConditionType === 'wtime'
        ? {
            ...c,
            timeConditionTimeOfDay: '00:00-24:00',
            ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [`timeCondition${day}`, 'true'])),
          }
        : c,
    );
    await api(admin, 'POST', '/api/v1/timeCondition/save/', { ...schedule, timeconditions });

    const yamada = await signedIn(browser, base, 'yamada', 'Staff#2026');
    await yamada.getByRole('tab', { name: '電話' }).click();
    await yamada.getByRole('tabpanel', { name: '電話' }).getByText('接続済み').waitFor();
    await admin.goto('/');

    const popup: Record<string, number[]> = { big: [], any: [] };
    const record: Record<string, number[]> = { big: [], any: [] };
    for (let i = 0; i < RINGS; i++) {
      const big = i % 2 === 0;
      const n = big ? (i / 2) % 10 : 1_000 + i * 4_321;
      const number = landline(n);
      const name = `${(await api<{ name: string }>(yamada, 'GET', `/api/v1/customer/caller/${domainUuid}/${number}`)).name}`;
      // The caller page, connected as the customer's number, dials 0312345678 and presses 1 (the sales group).
      await admin.getByRole('link', { name: /模擬発信/ }).click();
      await admin.getByRole('textbox', { name: '発信者番号（外線）' }).fill(number);
      await admin.getByRole('button', { name: '回線に接続' }).click();
      await admin.getByText(/接続中: external:/).waitFor();
      await admin.getByRole('combobox', { name: '着信番号' }).click();
      await admin.locator('.ant-select-dropdown').getByTitle('0312345678 代表').click();
      const region = admin.getByRole('region', { name: '模擬発信' });
      const painted = paintsAfterInvite(yamada, name);
      await region.getByRole('button', { name: /発信/ }).click();
      await admin.getByText(/再生中の音声: IVRの案内/).waitFor();
      await admin
        .getByRole('group', { name: 'ダイヤルキー（IVR）' })
        .getByRole('button', { name: '1' })
        .click();
      const shown = await painted;
      popup[big ? 'big' : 'any']!.push(shown.popup);
      record[big ? 'big' : 'any']!.push(shown.record);
      await region.getByRole('button', { name: /切断/ }).click();
      await yamada.getByRole('dialog', { name: '着信' }).waitFor({ state: 'hidden' });
      await admin.getByRole('button', { name: '接続を終了' }).click();
    }
    console.log(`invite → pop-up with the name, a big client: ${stats(popup.big!)}`);
    console.log(`invite → pop-up with the name, any customer: ${stats(popup.any!)}`);
    console.log(`invite → record painted, a big client:       ${stats(record.big!)}   (target < 300 ms)`);
    console.log(`invite → record painted, any customer:       ${stats(record.any!)}   (target < 300 ms)`);
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
