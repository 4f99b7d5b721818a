import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, topics } from '@tsunagu/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_MAIL_FROM, type Config } from './config';
import { features } from './features';
import type { FeatureDeps } from './features/feature';
import { publishCallEvents } from './features/calls/calls.events';
import { storeCallRecords } from './features/cdr/cdr.events';
import { openRecallCount } from './platform/call-model/recall-life-cycle';
import { sendAbsenceMails } from './features/notifications/notifications.events';
import { publishDeskPhoneEvents } from './features/presence/presence.events';
import { createAuthenticator } from './platform/auth/authenticate';
import { CONNECT_BATCH_MS, createSessionCache } from './platform/auth/session-cache';
import { coalesceByKey } from './platform/db/coalesce';
import { createMemoryCounter } from './platform/auth/attempt-counter';
import { createRedisCounter } from './platform/auth/attempt-counter-redis';
import { createLoginThrottle } from './platform/auth/login-throttle';
import { createTokenSigner } from './platform/auth/tokens';
import { createSecretBox } from './platform/crypto/secrets';
import type { Database } from './platform/db/client';
import { isDatabaseUnavailable, loggableError } from './platform/db/database-errors';
import { clientAddress } from './platform/http/client-address';
import { installErrorHandler } from './platform/http/errors';
import { installBrowserHooks } from './platform/http/browser-hooks';
import { installCompression } from './platform/http/compression';
import { registerWebApp } from './platform/http/web-app';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createRouter } from './platform/http/router';
import { createListCache } from './platform/pbx/list-cache';
import { broadcastConfigChanges } from './telephony/config-broadcast';
import { createTelephony, telephonyOf } from './telephony/create-engine';
import { createAllowList } from './platform/http/allow-list';
import { FREESWITCH_PREFIX } from './telephony/freeswitch/http/freeswitch-routes';
import type { TelephonyEngine } from './telephony/engine';
import { createMemoryBus, createRealtimeGateway, routeUpgrades, type Bus } from './platform/realtime';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export type AppConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'secretKey'
  | 'telephony'
  | 'loginLimitPerAddress'
  | 'loginLimitPerUser'
  | 'sessionHours'
  | 'dataDir'
  | 'freeswitch'
> &
  // Absence mail: SMTP_URL / MAIL_FROM; without them mails go to DATA_DIR/outbox from the default sender.
  Partial<Pick<Config, 'smtpUrl' | 'mailFrom'>> &
  // Sign-in attempts are counted in Redis when REDIS_URL is set, so the limits hold across instances.
  Partial<Pick<Config, 'redisUrl'>> &
  // Reverse proxies whose X-Forwarded-For names the client (request.ip, the sign-in throttle's address).
  Partial<Pick<Config, 'trustProxy'>> &
  // HELP_URL: where the header's HELP points (null/absent: the console's own /help page).
  Partial<Pick<Config, 'helpUrl'>>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Whether the demo tenant is loaded (the login page then prints the demo sign-ins). */
  demo: boolean;
  /** Real-time events between instances: Redis pub/sub when configured, in-process by default. */
  bus?: Bus;
  /** Names this process's real-time connections in the database (INSTANCE_ID); default a random id. */
  instanceId?: string;
  /** The telephony engine told about configuration changes; without one, nothing is told. */
  engine?: TelephonyEngine;
  /** Sends absence mails; by default SMTP_URL's server, or the outbox under DATA_DIR. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Directory of the built web app; the SPA is served from here when it exists. */
  webDist?: string;
  now?: () => Date;
}

/** Builds the whole server; main.ts and every test use this. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, now } = deps;
  const db = database.db;
  const trustedProxy = createAllowList(config.trustProxy ?? []);
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy?.length ? (address: string) => trustedProxy(address) : false,
  });

  // The API speaks JSON only: any other body type is refused (415 → a 400 with a Japanese message).
  app.removeContentTypeParser('text/plain');

  // 0–2. For browsers: security headers, cookies, the XSRF-TOKEN cookie, no-store on API answers.
  // FreeSWITCH's /fs/* answers (XML for a machine, the hottest path) get none of them.
  await installBrowserHooks(app, {
    vertoUrl: config.freeswitch?.vertoUrl,
    machinePaths: [FREESWITCH_PREFIX],
  });
  // The API's JSON answers go brotli or gzip to a client that accepts it (the cached lists compress once).
  installCompression(app);

  // 3. One error handler: { code, msg } with the right status, never a 500 for bad input.
  installErrorHandler(app);

  // 4. Shared machinery: tokens and sessions, the telephony engine, the real-time channel (STOMP on /ws).
  const secrets = createSecretBox(config.secretKey);
  const tokens = createTokenSigner(config.jwtSecret);
  // Live sessions are read once per SESSION_CACHE_MS, and together when many arrive at once; a
  // revocation drops its sessions here through the real-time gateway's end-sessions message.
  const sessionCache = createSessionCache(db, { now });
  const authenticate = createAuthenticator(tokens, sessionCache, now);
  const router = createRouter(app, authenticate);
  // Background work (event subscribers, timers) must not log statement parameters either, and a database
  // that is briefly away is a warning: the work is retried by its next event, the pool reconnects.
  const onError = (error: unknown) =>
    isDatabaseUnavailable(error)
      ? app.log.warn({ err: loggableError(error) }, 'background work: database unavailable')
      : app.log.error({ err: loggableError(error) }, 'background failure');
  database.onConnectionError((error) =>
    app.log.warn({ err: loggableError(error) }, 'database connection lost; the pool reconnects'),
  );
  const authenticateToken = (token: string) => authenticate(`Bearer ${token}`).catch(() => null);
  // A WebSocket upgrade's client address, computed as request.ip is for HTTP.
  const clientOf = (request: IncomingMessage) => clientAddress(request, trustedProxy);
  // Console and softphone sign-ins share one throttle (per address, per address+ID, slow-down per ID).
  const attempts = config.redisUrl
    ? createRedisCounter(config.redisUrl, {
        onState: (state, error) =>
          state === 'down'
            ? app.log.warn({ err: error }, 'Redis unreachable: sign-in limits counted per instance')
            : app.log.warn('Redis reachable again: sign-in limits shared'),
      })
    : createMemoryCounter();
  app.addHook('onClose', () => attempts.close());
  const throttle = createLoginThrottle({
    counter: attempts,
    perAddress: config.loginLimitPerAddress,
    perUser: config.loginLimitPerUser,
  });
  const bus = deps.bus ?? createMemoryBus({ onError });
  const telephony = deps.engine
    ? telephonyOf(deps.engine, clientOf)
    : createTelephony(config.freeswitch, {
        db,
        secrets,
        authenticateToken,
        throttle,
        clientOf,
        onError,
        recordingsDir: join(config.dataDir, 'recordings'),
      });
  // Every console of the tenant refetches its directory when the configuration changes.
  const broadcast = broadcastConfigChanges(telephony.engine, bus, onError, (tenantUuid, kind) =>
    publish(topics.pbx(tenantUuid), kind),
  );
  const engine = broadcast.engine;
  app.addHook('preClose', async () => {
    await broadcast.stop();
    await engine.close();
  });
  if (telephony.routes) await app.register(telephony.routes);
  // A tenant reconnecting at once (a restart) reads its recall count in a few statements, not one each.
  const recallOnSubscribe = coalesceByKey((tenantUuid) => openRecallCount(db, tenantUuid).then(String), {
    windowMs: CONNECT_BATCH_MS,
  });
  const realtime = createRealtimeGateway({
    db,
    bus,
    authenticate: createAuthenticator(tokens, sessionCache, now, { patient: true }),
    sessions: sessionCache,
    instanceId: deps.instanceId,
    now,
    onError,
    // The recall badge's count on every (re)subscription: published later only when it changes.
    firstMessage: (auth, destination) =>
      destination === topics.recall(auth.domainUuid) ? recallOnSubscribe(auth.domainUuid) : undefined,
  });
  routeUpgrades(app.server, {
    '/ws': realtime.broker.handleUpgrade,
    ...telephony.upgrades,
  });
  app.addHook('preClose', () => realtime.close());
  const publish = (topic: string, body: string) => void realtime.publish(topic, body).catch(onError);

  // 5. Features: each builds its services from the shared machinery and binds the contract's endpoints.
  router.publicRoute(endpoints.health, async () => ({
    status: 'ok' as const,
    telephony: config.telephony,
    demo: deps.demo,
    helpUrl: config.helpUrl ?? null,
  }));
  // PBX administration: every change is one transaction with an audit entry, then engine.configChanged;
  // the big lists are served from one per-tenant cache (`lists`) that the database's change counter invalidates.
  const featureDeps: FeatureDeps = {
    app,
    authenticate,
    sessionCache,
    db,
    secrets,
    tokens,
    throttle,
    realtime,
    publish,
    engine,
    exchange: telephony.engine,
    softphoneUrl: telephony.softphoneUrl,
    lists: createListCache(db),
    sessionHours: config.sessionHours,
    dataDir: config.dataDir,
    onError,
    now,
  };
  for (const feature of features) await feature.register(router, featureDeps);
  // The engine's events become topics and call-history rows. Every instance hears FreeSWITCH's events
  // itself, so their topics go to this instance's clients only; the sandbox's go through the bus.
  const publishEvent =
    engine.kind === 'freeswitch'
      ? (topic: string, body: string) => realtime.publishLocal(topic, body)
      : publish;
  // Absence mails (voicemail, a ring group's missed call) go out once per call, apart from storing.
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom ?? DEFAULT_MAIL_FROM,
      outboxDir: join(config.dataDir, 'outbox'),
    });
  const stopEvents = [
    publishCallEvents({ db, engine, publish: publishEvent, onError }),
    publishDeskPhoneEvents({ db, engine, publish: publishEvent, onError }),
    storeCallRecords({ db, engine, publish, onError }),
    sendAbsenceMails({ db, engine, mailer, onError, now }),
  ];
  app.addHook('onClose', async () => {
    stopEvents.forEach((stop) => stop());
    mailer.close();
  });

  // 6. The built SPA (precompressed files, index.html for client-side routes); unknown /api paths stay JSON 404s.
  await registerWebApp(app, deps.webDist ?? WEB_DIST);

  return app;
}
