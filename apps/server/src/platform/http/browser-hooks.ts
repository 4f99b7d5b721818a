import fastifyCookie from '@fastify/cookie';
import { API_PREFIX } from '@tsunagu/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newXsrfToken, XSRF_COOKIE } from '../auth/xsrf';
import { installSecurityHeaders, type SecurityHeaderOptions } from './security-headers';

export interface BrowserHookOptions extends SecurityHeaderOptions {
  /**
   * Path prefixes only machines call (FreeSWITCH's /fs/): their answers get neither the browser
   * headers nor a cookie. No browser reads them, and they are the hottest path (5 ms p99 target).
   */
  machinePaths?: readonly string[];
}

/**
 * What the console puts in front of every route for browsers: the security headers, cookie parsing, an
 * XSRF-TOKEN cookie on every answer (the SPA echoes it back in X-XSRF-TOKEN: double submit), and no
 * caching of API answers (per user, often secret).
 */
export async function installBrowserHooks(app: FastifyInstance, options: BrowserHookOptions = {}) {
  const { machinePaths = [], ...headers } = options;
  const forBrowser = (request: FastifyRequest) =>
    !machinePaths.some((prefix) => request.url.startsWith(prefix));
  installSecurityHeaders(app, headers, forBrowser);
  await app.register(fastifyCookie);
  app.addHook('onRequest', (request, reply, done) => {
    if (forBrowser(request) && !request.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, newXsrfToken(), { path: '/', sameSite: 'strict', httpOnly: false });
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(API_PREFIX)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
