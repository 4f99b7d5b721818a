import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@tsunagu/contract';
import { CSP_NONCE_PLACEHOLDER } from '@tsunagu/contract/csp';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSecurityHeaders } from './security-headers';
import { registerWebApp } from './web-app';

const SCRIPT = `export const greeting = "${'こんにちは、つなぐ。'.repeat(200)}";\n`;
const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" /><style nonce="${CSP_NONCE_PLACEHOLDER}">body{margin:0}</style><script type="module" src="/assets/app-3f9a1c.js"></script></head><body><div id="root"></div></body></html>`;

/** A built web app as Vite and the precompress step leave it: hashed assets with .br/.gz copies. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'tsunagu-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'sounds'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/app-3f9a1c.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/app-3f9a1c.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/app-3f9a1c.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'assets/plain-77aa01.js'), 'export {};\n');
  writeFileSync(join(dist, 'sounds/ring.wav'), Buffer.alloc(64, 1));
  return dist;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installSecurityHeaders(app);
  await registerWebApp(app, fakeDist());
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('built files: precompressed copies chosen by Accept-Encoding', () => {
  it('sends the brotli copy to a browser that takes brotli', async () => {
    const res = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without Accept-Encoding, or for identity only, still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/app-3f9a1c.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends the original of a file that has no compressed copy', async () => {
    const res = await get('/assets/plain-77aa01.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('never serves a compressed copy at its own URL', async () => {
    const res = await get('/assets/app-3f9a1c.js.br', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('caching', () => {
  it('marks hashed assets immutable for a year, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/app-3f9a1c.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has other files and index.html revalidated before each use', async () => {
    expect((await get('/sounds/ring.wav')).headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/index.html', '/login', '/pbx/extension?x=1']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });
});

describe('index.html and the fallback', () => {
  it('writes a fresh nonce into every page, the one its policy allows for styles', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/pbx/extension']) {
      const res = await get(url);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      const nonce = /<style nonce="([^"]+)">/.exec(res.body)?.[1] as string;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
  });

  it('answers a script of another build with a 404, not with the page', async () => {
    const res = await get('/assets/index-0ld0ld.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(messages.fileNotFound);
  });

  it('keeps unknown API paths and other methods JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing'],
      ['POST', '/pbx/extension'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: messages.routeNotFound, data: null });
    }
  });

  it('answers pages with a 503 and a Japanese message while the app is not built', async () => {
    const bare = Fastify();
    await registerWebApp(bare, join(tmpdir(), 'tsunagu-no-such-dist'));
    const res = await bare.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await bare.close();
  });
});
