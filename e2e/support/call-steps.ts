import type { Page } from 'playwright-core';
import { signIn } from './auth-steps';

/** Demo staff besides DEMO's (all with the same demo password). */
export const STAFF = {
  suzuki: { username: 'suzuki', password: 'Staff#2026' },
  tanaka: { username: 'tanaka', password: 'Staff#2026' },
} as const;

declare global {
  interface Window {
    /** Every RTCPeerConnection the page made (see watchPeerConnections). */
    __peers?: RTCPeerConnection[];
  }
}

/**
 * Records the page's RTCPeerConnections from its first script on, so a test can read their
 * statistics (getStats) without any hook in the app. Call before the page loads the app.
 */
export async function watchPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    window.__peers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        peers.push(this);
      }
    };
  });
}

/** Bytes of audio received so far on the page's open connections (inbound-rtp bytesReceived). */
export function bytesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const peer of window.__peers ?? []) {
      if (peer.connectionState === 'closed') continue;
      (await peer.getStats()).forEach((report: { type?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && typeof report.bytesReceived === 'number')
          total += report.bytesReceived;
      });
    }
    return total;
  });
}

/** Waits until the page has received more than `above` bytes of audio; returns the count. */
export async function audioArrives(page: Page, above = 0, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bytes = await bytesReceived(page);
    if (bytes > above) return bytes;
    if (Date.now() > deadline) throw new Error(`no audio received (${bytes} bytes) within ${timeoutMs} ms`);
    await page.waitForTimeout(200);
  }
}

/** A verto request a page sent. */
export interface VertoRequest {
  method: string;
  params: Record<string, unknown>;
}

const vertoSent = new WeakMap<Page, VertoRequest[]>();

/** Records the verto requests the page sends (its softphone's and caller page's sockets). */
function recordVertoRequests(page: Page): VertoRequest[] {
  const sent: VertoRequest[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/verto')) return;
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const frame = JSON.parse(payload) as { method?: string; params?: Record<string, unknown> };
      if (frame.method) sent.push({ method: frame.method, params: frame.params ?? {} });
    });
  });
  return sent;
}

/** Calls the console API as the page's signed-in user (bearer token and XSRF cookie, as the app does). */
export async function callApiAs<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const headers: Record<string, string> = {
        Accept: 'application/json',
        Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
      };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
      const response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
      if (!response.ok || envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.msg}`);
      return envelope.data;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** The verto requests a page from signInWithPhone has sent so far. */
export function vertoRequestsSent(page: Page): readonly VertoRequest[] {
  return vertoSent.get(page) ?? [];
}

/** Signs in on a fresh page that records its peer connections and the verto requests it sends. */
export async function signInWithPhone(
  newPage: () => Promise<Page>,
  account: { username: string; password: string },
): Promise<Page> {
  const page = await newPage();
  await watchPeerConnections(page);
  vertoSent.set(page, recordVertoRequests(page));
  await signIn(page, account);
  return page;
}

/**
 * Clicks a button of a group the moment it becomes enabled, from inside the page (a round trip per
 * check from the test would be too slow for a phone that answers by itself after a second).
 * Returns the group's text as it was at the click.
 */
export async function clickWhenEnabled(page: Page, groupLabel: string, buttonText: string): Promise<string> {
  const shown = await page.waitForFunction(
    ({ groupLabel, buttonText }) => {
      const group = document.querySelector(`[role="group"][aria-label="${groupLabel}"]`);
      const button = Array.from(group?.querySelectorAll('button') ?? []).find((b) =>
        b.textContent?.includes(buttonText),
      );
      if (!button || button.disabled) return false;
      const text = (group as HTMLElement).innerText;
      button.click();
      return text;
    },
    { groupLabel, buttonText },
    { polling: 'raf' },
  );
  return (await shown.jsonValue()) as string;
}

/** Opens the 電話 tab and waits until the softphone is connected to the exchange. */
export async function openSoftphone(page: Page): Promise<void> {
  await page.getByRole('tab', { name: '電話' }).click();
  await softphone(page).getByText('接続済み').waitFor();
}

/** signInWithPhone, then the 電話 tab opened with the softphone connected. */
export async function signInWithSoftphone(
  newPage: () => Promise<Page>,
  account: { username: string; password: string },
): Promise<Page> {
  const page = await signInWithPhone(newPage, account);
  await openSoftphone(page);
  return page;
}

/** Dials a number from the softphone (the 電話 tab must be open). */
export async function dial(page: Page, number: string): Promise<void> {
  const field = softphone(page).getByRole('textbox', { name: '電話番号' });
  await field.fill(number);
  await field.press('Enter');
}

/** The softphone tab's panel. */
export function softphone(page: Page) {
  return page.getByRole('tabpanel', { name: '電話' });
}

/** The incoming-call modal. */
export function incomingCall(page: Page) {
  return page.getByRole('dialog', { name: '着信' });
}

/** The softphone's remote number and duration (HH:mm:ss). */
export async function callShown(page: Page): Promise<{ remote: string; duration: string }> {
  const panel = softphone(page);
  return {
    remote: (await panel.getByLabel('通話相手').innerText()).trim(),
    duration: (await panel.getByLabel('通話時間').innerText()).trim(),
  };
}

/** Seconds of an HH:mm:ss duration. */
export function seconds(duration: string): number {
  const [h = 0, m = 0, s = 0] = duration.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}
