import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { FREESWITCH_PREFIX, freeswitchRoutes } from './freeswitch-routes';
import { installBrowserHooks } from '../../../platform/http/browser-hooks';

const SECRET = 'browser-hooks-test-secret';
const app = Fastify();
afterAll(() => app.close());
await installBrowserHooks(app, { machinePaths: [FREESWITCH_PREFIX] });
await app.register(
  freeswitchRoutes({
    engine: {
      xml: { answer: async () => '<document type="freeswitch/xml"/>', flush: () => {} },
      receiveCdr: async () => {},
    },
    settings: { xmlSecret: SECRET, xmlAllow: ['127.0.0.1'] },
  }),
);
app.get('/api/thing', async () => ({ code: 0 }));

const browserHeaders = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
];

describe('hooks for browsers, as app.ts installs them', () => {
  it('give API answers the security headers, an XSRF cookie and no-store', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/thing' });
    for (const name of browserHeaders) expect(res.headers[name], name).toBeTruthy();
    expect(String(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("leave FreeSWITCH's /fs/* answers alone: no browser headers, no cookie", async () => {
    const auth = `Basic ${Buffer.from(`freeswitch:${SECRET}`).toString('base64')}`;
    for (const [url, authorization] of [
      ['/fs/xml', auth],
      ['/fs/cdr', auth],
      ['/fs/xml', 'Basic wrong'], // a refusal too
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { authorization, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, url).toBeLessThan(500);
      for (const name of [...browserHeaders, 'set-cookie', 'cache-control'])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });
});
