import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPolicyCache,
  installSecurityHeaders,
  styleNonceFor,
  type SecurityHeaderOptions,
} from './security-headers';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare server with the headers hook and a few kinds of answers. */
async function serverWith(options: SecurityHeaderOptions = {}, trustProxy = false): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy });
  apps.push(app);
  installSecurityHeaders(app, options);
  app.get('/api/thing', async () => ({ code: 0, msg: '', data: null }));
  app.get('/api/broken', async () => {
    throw new Error('boom');
  });
  app.get('/page', async (_request, reply) => {
    const nonce = styleNonceFor(reply);
    return reply.type('text/html').send(`<style nonce="${nonce}"></style>`);
  });
  app.get('/download', async (_request, reply) =>
    reply.header('Content-Security-Policy', "default-src 'none'; sandbox").send('x'),
  );
  return app;
}

/** The policy's directives by name. */
function directives(policy: string | undefined): Map<string, string> {
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name as string, values.join(' ')]),
  );
}

describe('security headers', () => {
  it('puts the policy and the browser protections on answers, errors and 404s alike', async () => {
    const app = await serverWith();
    for (const url of ['/api/thing', '/api/broken', '/nowhere']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'pbx.example.jp' } });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self'");
      expect(csp.get('img-src')).toBe("'self' data: blob:");
      expect(csp.get('media-src')).toBe("'self' blob:");
      expect(csp.get('connect-src')).toBe("'self' ws://pbx.example.jp");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
    }
  });

  it('allows a page exactly the style nonce it was given', async () => {
    const app = await serverWith();
    const res = await app.inject({ method: 'GET', url: '/page' });
    const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(directives(res.headers['content-security-policy'] as string).get('style-src')).toBe(
      `'self' 'nonce-${nonce}'`,
    );
  });

  it("names the real-time socket's origin with the port, and the configured verto URL's origin", async () => {
    const app = await serverWith({ vertoUrl: 'wss://fs.example.jp:8082/verto?x=1' });
    const res = await app.inject({ method: 'GET', url: '/api/thing', headers: { host: '10.0.0.5:8080' } });
    expect(directives(res.headers['content-security-policy'] as string).get('connect-src')).toBe(
      "'self' ws://10.0.0.5:8080 wss://fs.example.jp:8082",
    );
  });

  it('leaves a Host header that is not a host name out of the policy', async () => {
    const app = await serverWith();
    const res = await app.inject({
      method: 'GET',
      url: '/api/thing',
      headers: { host: "evil.example'; script-src *" },
    });
    const policy = res.headers['content-security-policy'] as string;
    expect(directives(policy).get('connect-src')).toBe("'self'");
    expect(directives(policy).get('script-src')).toBe("'self'");
  });

  it('sends HSTS and a wss: source only for HTTPS requests', async () => {
    const app = await serverWith({}, true);
    const res = await app.inject({
      method: 'GET',
      url: '/api/thing',
      headers: { host: 'pbx.example.jp', 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(res.headers['content-security-policy'] as string).get('connect-src')).toBe(
      "'self' wss://pbx.example.jp",
    );
    const plain = await app.inject({ method: 'GET', url: '/api/thing', headers: { host: 'pbx.example.jp' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it("keeps a route's own stricter policy", async () => {
    const app = await serverWith();
    const res = await app.inject({ method: 'GET', url: '/download' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('builds the policy once per protocol and host, and keeps a bounded number of them', () => {
    const policies = createPolicyCache(null);
    const request = (host: string, protocol = 'http') => ({ host, protocol }) as FastifyRequest;
    const first = policies.policyFor(request('pbx.example.jp'), undefined);
    expect(policies.policyFor(request('pbx.example.jp'), undefined)).toBe(first);
    expect(policies.size).toBe(1);
    policies.policyFor(request('pbx.example.jp', 'https'), undefined);
    policies.policyFor(request('other.example.jp'), undefined);
    expect(policies.size).toBe(3);
    // A page's nonce makes its policy its own: never kept.
    expect(policies.policyFor(request('pbx.example.jp'), 'abc')).toContain("'nonce-abc'");
    expect(policies.size).toBe(3);
    // The Host header is the client's: a flood of names does not grow the cache without bound.
    for (let i = 0; i < 1_000; i++) policies.policyFor(request(`h${i}.example.jp`), undefined);
    expect(policies.size).toBeLessThanOrEqual(64);
  });

  it('puts nothing on answers that are not for browsers', async () => {
    const app = Fastify();
    apps.push(app);
    installSecurityHeaders(app, {}, (request) => !request.url.startsWith('/fs/'));
    app.get('/fs/xml', async () => '<document/>');
    const res = await app.inject({ method: 'GET', url: '/fs/xml' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
