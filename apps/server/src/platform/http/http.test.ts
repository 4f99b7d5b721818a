import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@tsunagu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'tsunagu-web-')) + '/';
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>つなぐ</title><div id="root"></div>');
  writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
  t = await createTestApp({ deps: { webDist } });
});
afterAll(() => t.close());

describe('HTTP surface', () => {
  it('serves the SPA and falls back to index.html for client routes', async () => {
    for (const url of ['/', '/login', '/pbx/extension', '/cust/management/0312345678']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await t.app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: messages.routeNotFound, data: null });
  });

  it('reports health, telephony mode and whether demo data is loaded (here not) without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({
      code: 0,
      msg: '',
      data: { status: 'ok', telephony: 'sandbox', demo: false, helpUrl: null },
    });
  });

  it('sends the browser security headers with pages, API answers and 404s', async () => {
    for (const url of ['/pbx/extension', '/api/health', '/api/v1/nothing-here', '/app.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('sets the XSRF cookie once and never caches API answers', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(first.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await t.app.inject({ method: 'GET', url: '/api/health', cookies: { 'XSRF-TOKEN': 'abc' } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});
