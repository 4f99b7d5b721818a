import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, endpoints, messages, type Health } from '@tsunagu/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { registerExtensionsRoutes } from './features/extensions/extensions.routes';
import { createExtensionsService } from './features/extensions/extensions.service';
import { registerUsersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { createAuthenticator } from './platform/auth/authenticate';
import { createLoginThrottle } from './platform/auth/login-throttle';
import { createTokenSigner } from './platform/auth/tokens';
import { newXsrfToken, XSRF_COOKIE } from './platform/auth/xsrf';
import { createSecretBox } from './platform/crypto/secrets';
import type { Database } from './platform/db/client';
import { installErrorHandler } from './platform/http/errors';
import { createRouter } from './platform/http/router';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export type AppConfig = Pick<
  Config,
  'jwtSecret' | 'secretKey' | 'telephony' | 'loginLimitPerAddress' | 'loginLimitPerUser' | 'sessionHours'
>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Whether the demo tenant is loaded (the login page then prints the demo sign-ins). */
  demo: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; the SPA is served from here when it exists. */
  webDist?: string;
  now?: () => Date;
}

/** Builds the whole server; main.ts and every test use this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, now } = deps;
  const db = database.db;
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 256 * 1024 });

  // The API speaks JSON only: any other body type is refused (415 → a 400 with a Japanese message).
  app.removeContentTypeParser('text/plain');

  // 1. Cookies first: the XSRF check and the cookie issuance below read them.
  await app.register(fastifyCookie);

  // 2. Every response carries an XSRF-TOKEN cookie the SPA echoes back in X-XSRF-TOKEN (double submit).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.cookies[XSRF_COOKIE]) {
      reply.setCookie(XSRF_COOKIE, newXsrfToken(), { path: '/', sameSite: 'strict', httpOnly: false });
    }
  });
  // API answers are per user and often carry secrets: never cache them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) reply.header('Cache-Control', 'no-store');
  });

  // 3. One error handler: { code, msg } with the right status, never a 500 for bad input.
  installErrorHandler(app);

  // 4. Services, then the routes that bind the contract's endpoints to them.
  const secrets = createSecretBox(config.secretKey);
  const tokens = createTokenSigner(config.jwtSecret);
  const router = createRouter(app, createAuthenticator(db, tokens, now));
  const throttle = createLoginThrottle(config.loginLimitPerAddress, config.loginLimitPerUser);
  router.publicRoute(endpoints.health, {
    handler: async (): Promise<Health> => ({ status: 'ok', telephony: config.telephony, demo: deps.demo }),
  });
  registerAuthRoutes(
    router,
    createAuthService({ db, tokens, throttle, sessionHours: config.sessionHours, now }),
  );
  registerUsersRoutes(router, createUsersService({ db, secrets, softphoneUrl: '/verto', now }));
  registerExtensionsRoutes(router, createExtensionsService({ db }));

  // 5. The built SPA, with index.html for client-side routes; unknown /api paths stay JSON 404s.
  const webDist = deps.webDist ?? WEB_DIST;
  const hasWeb = existsSync(webDist + 'index.html');
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX + '/') || request.method !== 'GET') {
      return reply.status(404).send({ code: 404, msg: messages.routeNotFound, data: null });
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('画面がビルドされていません。npm run build を実行してください。');
    }
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });

  return app;
}
