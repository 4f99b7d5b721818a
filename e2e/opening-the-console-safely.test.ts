import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, sidebar, signIn, submitLogin } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

declare global {
  interface Window {
    /** Every Content-Security-Policy violation the page reported (see watchViolations). */
    __violations?: string[];
  }
}

/** Records every CSP violation from the page's first script on, in every document it loads. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations?.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__violations ?? []);

/** The path of every script the page requests. */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('using the console under its Content-Security-Policy', () => {
  it('runs the login page, the shell and a PBX screen with its dialog without a single violation', async () => {
    const page = await e2e.newPage();
    await watchViolations(page);
    const response = await page.goto('/login');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]+=*'/);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByText('デモ用アカウント').waitFor();
    expect(await violations(page)).toEqual([]);

    await submitLogin(page, DEMO.admin.username, DEMO.admin.password);
    await page.getByRole('button', { name: 'ユーザーメニュー' }).waitFor();
    await sidebar(page).getByText('PBX管理').click();
    await sidebar(page).getByRole('link', { name: '内線番号' }).click();
    await page.waitForURL('**/pbx/extension');
    await page.getByRole('button', { name: '新規' }).click();
    // A dialog locks the page's scrolling with a <style> of its own.
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => getComputedStyle(document.body).overflowY === 'hidden');
    expect(await violations(page)).toEqual([]);
  });

  it('cannot be framed by another page', async () => {
    const page = await e2e.newPage();
    await page.goto('/api/health');
    const framed = await page.evaluate(async () => {
      const frame = document.createElement('iframe');
      frame.src = '/login';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      // A refused frame holds the browser's error page: no app, and no document this page may read.
      return Boolean(frame.contentDocument?.getElementById('root'));
    });
    expect(framed).toBe(false);
  });
});

describe('opening a bookmark without a usable session', () => {
  it('goes to the login form without fetching the shell, and opens after sign-in', async () => {
    const page = await e2e.newPage();
    const scripts = scriptsRequested(page);
    await page.goto('/pbx/extension');
    await page.locator('#login-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(scripts.filter((s) => /\/(shell-layout|extensions-page)-/.test(s))).toEqual([]);

    await submitLogin(page, DEMO.admin.username, DEMO.admin.password);
    await page.waitForURL('**/pbx/extension');
  });

  it("goes to the login form without fetching the shell when the session's time has run out", async () => {
    const page = await e2e.newPage();
    // Each test signs in someone else: a user holds at most three sessions at once.
    await signIn(page, DEMO.yamada);
    // Twelve hours later, as far as this browser's clock is concerned.
    await page.evaluate(() => sessionStorage.setItem('token_expires_at', String(Date.now() - 1000)));
    await page.goto('/api/health');
    const scripts = scriptsRequested(page);
    await page.goto('/pbx/extension');
    await page.locator('#login-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(scripts.filter((s) => /\/(shell-layout|extensions-page)-/.test(s))).toEqual([]);
  });

  it('leaves a revoked session for the login form and returns to the page after sign-in', async () => {
    const page = await e2e.newPage();
    await signIn(page, DEMO.sp);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // Signed out elsewhere: only the server knows.
    const out = await fetch(`${e2e.baseUrl}/api/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    await page.goto('/pbx/extension');
    await page.locator('#login-username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await submitLogin(page, DEMO.sp.username, DEMO.sp.password);
    await page.waitForURL('**/pbx/extension');
  });
});

describe("loading the console's files", () => {
  it('arrive compressed and cached for a year under /assets, the page itself revalidated', async () => {
    const page = await e2e.newPage();
    const scripts: { url: string; encoding?: string; cache?: string; bytes: Promise<number> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const headers = response.headers();
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        bytes: response.body().then((body) => body.length),
      });
    });
    const document = await page.goto('/login');
    expect(document?.headers()['cache-control']).toBe('no-cache');
    await page.getByText('デモ用アカウント').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.url).toContain('/assets/');
      // The build compresses what is worth it: files of 1 KB and more.
      if ((await script.bytes) >= 1024) expect(['br', 'gzip']).toContain(script.encoding);
      expect(script.cache).toBe('public, max-age=31536000, immutable');
    }
  });
});
