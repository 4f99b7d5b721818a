import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

export interface SandboxApp {
  /** The app (available from the first test on). */
  readonly t: TestApp;
  /** Its address on loopback, http://127.0.0.1:<port>. */
  readonly base: string;
}

/**
 * The app with its default engine, the built-in sandbox serving /verto and its own API, listening on
 * loopback for the file's tests (a softphone needs a real socket); closed after them. Its database starts
 * empty: the file builds its tenants with `t.build` (routing snapshots are read on first use, so rows
 * built before a tenant's first call are seen).
 */
export function useSandboxApp(): SandboxApp {
  let t: TestApp | undefined;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp({ deps: { engine: undefined } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());
  return {
    get t() {
      if (!t) throw new Error('the app starts in beforeAll');
      return t;
    },
    get base() {
      return base;
    },
  };
}
