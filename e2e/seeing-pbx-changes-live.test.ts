import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, signIn } from './support/auth-steps';
import { useE2E } from './support/harness';

const e2e = useE2E();

/** Uncaught errors of the pages a test opened: there must be none. */
let pageErrors: string[] = [];
beforeEach(() => {
  pageErrors = [];
});
afterEach(() => {
  expect(pageErrors).toEqual([]);
});

/** The administrator's session as the API sees it: the token and the XSRF double submit. */
async function adminHeaders(): Promise<Record<string, string>> {
  const res = await fetch(`${e2e.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.admin),
  });
  expect(res.status).toBe(200);
  return {
    authorization: String(res.headers.get('authorization')),
    cookie: 'XSRF-TOKEN=e2e',
    'x-xsrf-token': 'e2e',
    'content-type': 'application/json',
  };
}

/** The next answer of the tenant directory the page fetches. */
const nextDirectory = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/v1/user/directory/') && r.status() === 200);

describe('a PBX change reaches every open console', () => {
  it('a new extension saved by the administrator is in a signed-in colleague’s directory without a reload', async () => {
    const yamada = await e2e.newPage();
    yamada.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    const loaded = nextDirectory(yamada);
    await signIn(yamada, DEMO.yamada);
    const domainUuid = new URL((await loaded).url()).pathname.split('/').pop()!;
    // Online in Presence: the real-time connection is up and its topics subscribed.
    await yamada
      .getByRole('region', { name: '営業部' })
      .getByRole('listitem', { name: '山田 太郎' })
      .getByText('IN', { exact: true })
      .waitFor();

    const refetched = nextDirectory(yamada);
    const created = await fetch(`${e2e.baseUrl}/api/v1/extension/create`, {
      method: 'POST',
      headers: await adminHeaders(),
      body: JSON.stringify({ extension: '1999', effectiveCallerIdName: 'ライブ確認' }),
    });
    expect(created.status).toBe(200);
    // /topic/pbx/{tenant} told the page; it fetched the directory again, with the new extension in it.
    const directory = (await (await refetched).json()) as { data: { extensions: unknown[] } };
    expect(new URL((await refetched).url()).pathname).toBe(`/api/v1/user/directory/${domainUuid}`);
    expect(JSON.stringify(directory.data)).toContain('ライブ確認');
    expect(yamada.url()).not.toContain('/login');
  });
});
