import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** What a test file gets from the harness. */
export interface E2E {
  /** e.g. http://127.0.0.1:41234 */
  readonly baseUrl: string;
  /** A page in a fresh browser context (own cookies and sessionStorage), closed after the test. */
  newPage(): Promise<Page>;
  /**
   * Where to write a screenshot: the test file's own temporary folder, removed after the file unless a
   * test failed (its path is then printed).
   */
  artifact(name: string): string;
}

/**
 * Starts the server and Chromium once for the test file, gives every test fresh browser contexts,
 * and stops everything after the file.
 */
export function useE2E(): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let artifacts: string | undefined;
  let failed = false;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') failed = true;
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (artifacts && failed) console.warn(`e2e: screenshots kept in ${artifacts}`);
    else if (artifacts) rmSync(artifacts, { recursive: true, force: true });
  });

  return {
    get baseUrl() {
      if (!server) throw new Error('the e2e server is not running');
      return server.baseUrl;
    },
    async newPage() {
      if (!browser || !server) throw new Error('the e2e harness is not started');
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1440, height: 900 },
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
      });
      contexts.push(context);
      return context.newPage();
    },
    artifact(name) {
      artifacts ??= mkdtempSync(join(tmpdir(), 'tsunagu-e2e-screenshots-'));
      return join(artifacts, name);
    },
  };
}
