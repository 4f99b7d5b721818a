import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { topicOwner, topics } from '@tsunagu/contract';
import type { Auth } from '../auth/auth-context';
import type { Authenticator } from '../auth/authenticate';
import type { SessionCache } from '../auth/session-cache';
import { deadSessions, touchSessions, TOUCH_EVERY_MS } from '../auth/sessions.repository';
import type { Db } from '../db/client';
import { createStompBroker, type StompBroker } from './broker';
import type { Bus, Unsubscribe } from './bus';
import { createPresenceFeed, type PresenceCount } from './presence-feed';
import { beatInstance, claimInstance, INSTANCE_BEAT_MS, releaseInstance } from './presence.repository';

/** Bus topic (not a STOMP destination) telling every instance to close connections of ended sessions. */
const END_SESSIONS = 'control/end-sessions';

/** What services need of the real-time channel. */
export type SessionNotifier = Pick<RealtimeGateway, 'publish' | 'publishPresence' | 'endSessions'>;

export interface RealtimeGateway {
  broker: StompBroker<Auth>;
  /** Publishes a topic to its subscribers on every instance. */
  publish(topic: string, body: string): Promise<void>;
  /** Delivers a topic to this instance's subscribers only. */
  publishLocal(topic: string, body: string): void;
  /** These users' online counts may have changed: their tenant hears them in the next batch (not awaited). */
  publishPresence(tenantUuid: string, userUuids: readonly string[]): Promise<void>;
  /** Closes, on every instance, the real-time connections of these (revoked) sessions. */
  endSessions(sessionUuids: string[]): Promise<void>;
  /** Hears the online counts this instance works out (a user signing in or out of the console). */
  onPresence(listener: (counts: readonly PresenceCount[]) => void): () => void;
  close(): Promise<void>;
}

/** Who may receive a topic: a user their own topics, a tenant's users the tenant's topics. */
export function mayReceive(auth: Auth, destination: string): boolean {
  const owner = topicOwner(destination);
  if (!owner) return false;
  if (owner.kind === 'user') return owner.userUuid === auth.userUuid;
  if (owner.kind === 'tenant') return owner.domainUuid === auth.domainUuid;
  return owner.domainName === auth.domainName;
}

/** The session token of a CONNECT: the `passcode` header, or `Authorization: Bearer …`. */
function connectToken(headers: Readonly<Record<string, string>>): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.Authorization ?? headers.authorization ?? '')?.[1];
  return headers.passcode || bearer;
}

export interface RealtimeGatewayDeps {
  db: Db;
  bus: Bus;
  authenticate: Authenticator;
  /** Where ended sessions are dropped on this instance (the authenticator's cache), on every instance. */
  sessions?: Pick<SessionCache, 'forget'>;
  /** Names this process's connections in the database; a restart under the same id clears them. */
  instanceId?: string;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** What a new subscriber of a feature's topic receives first (undefined: nothing). */
  firstMessage?: (auth: Auth, destination: string) => Promise<string | undefined> | undefined;
}

/**
 * The STOMP endpoint of the console: CONNECT needs a live session (token) and a `login` naming its user;
 * clients only receive (SEND is refused); an open connection keeps its session active and online.
 */
export function createRealtimeGateway({
  db,
  bus,
  authenticate,
  sessions,
  instanceId = randomUUID(),
  now = () => new Date(),
  onError = (error: unknown) => console.error(error),
  firstMessage,
}: RealtimeGatewayDeps) {
  /** This instance's open connections per session, the truth its rows in the database follow. */
  const connected = new Map<string, { count: number; domainUuid: string; userUuid: string }>();
  let closing = false;
  const presenceListeners = new Set<(counts: readonly PresenceCount[]) => void>();

  // A crash leaves the previous run's connections behind; they stop counting before any new one is
  // written (batches wait for this).
  const claimed = claimInstance(db, instanceId, now());
  const presence = createPresenceFeed({
    db,
    bus,
    instanceId,
    now,
    onError,
    ready: claimed.catch(() => {}),
    connectionsOf: (sessionUuid) => connected.get(sessionUuid)?.count ?? 0,
    publishLocal: (topic, body) => broker.publishLocal(topic, body),
    onCounts: (counts) => presenceListeners.forEach((listener) => listener(counts)),
  });

  claimed.then((changed) => presence.usersChanged(changed)).catch(onError);

  const broker = createStompBroker<Auth>({
    bus,
    onError,
    async authenticate(headers) {
      const token = connectToken(headers);
      if (!token) return null;
      const auth = await authenticate(`Bearer ${token}`).catch(() => null);
      const login = (headers.login ?? '').toLowerCase();
      if (!auth || (login !== auth.userUuid && login !== auth.username.toLowerCase())) return null;
      return auth;
    },
    authorize: (auth, destination, action) => action === 'subscribe' && mayReceive(auth, destination),
    // A presence subscriber gets the whole list first, then only changes.
    firstMessage: (auth, destination) =>
      destination === topics.loginUser(auth.domainUuid)
        ? presence.snapshot(auth.domainUuid)
        : firstMessage?.(auth, destination),
    async onConnect(auth) {
      const count = (connected.get(auth.sessionUuid)?.count ?? 0) + 1;
      connected.set(auth.sessionUuid, { count, domainUuid: auth.domainUuid, userUuid: auth.userUuid });
      presence.hold(auth.domainUuid);
      await presence.sessionChanged(auth.sessionUuid, auth);
    },
    async onDisconnect(auth) {
      const left = (connected.get(auth.sessionUuid)?.count ?? 1) - 1;
      if (left > 0) connected.set(auth.sessionUuid, { ...connected.get(auth.sessionUuid)!, count: left });
      else connected.delete(auth.sessionUuid);
      presence.release(auth.domainUuid);
      // A stopping instance releases all its connections at once (close()).
      if (closing) return;
      await presence.sessionChanged(auth.sessionUuid, auth);
    },
  });

  const closeSessions = (sessionUuids: string[]) => {
    sessions?.forget(sessionUuids);
    const ended = new Set(sessionUuids);
    broker.disconnectWhere((auth) => ended.has(auth.sessionUuid), 'セッションが終了しました。');
  };
  const control: Promise<Unsubscribe> = bus.subscribe(END_SESSIONS, (payload) => {
    closeSessions(JSON.parse(payload) as string[]);
  });

  // Every minute: open connections keep their sessions seen; connections of sessions revoked
  // elsewhere (another instance, an expired token, a revocation missed while Redis was away) are closed.
  const keepAlive = setInterval(() => {
    const ids = [...connected.keys()];
    touchSessions(db, ids, now())
      .then(() => deadSessions(db, ids, now()))
      .then(closeSessions)
      .catch(onError);
  }, TOUCH_EVERY_MS);
  keepAlive.unref();

  // Every few seconds: this instance is alive (its connections count); instances gone silent are
  // deleted and their users' tenants told. If this one had been taken for gone, or a batch failed,
  // its connections are written again.
  const heartbeat = setInterval(() => {
    void claimed
      .then(() => beatInstance(db, instanceId, now()))
      .then(async ({ lost, changed }) => {
        if (lost) presence.rewrite(connected);
        void presence.usersChanged(changed);
        if (presence.pending()) await presence.flushNow();
      })
      .catch(onError);
  }, INSTANCE_BEAT_MS);
  heartbeat.unref();

  // While Redis was away other instances' presence changes were missed: this instance's clients are
  // told the difference once sharing resumes.
  const stopWatching = bus.watchSharing?.((shared) => {
    if (shared) presence.resync().catch(onError);
  });

  return {
    broker,
    publish: (topic, body) => bus.publish(topic, body),
    publishLocal: (topic, body) => broker.publishLocal(topic, body),
    // Not awaited: during a reconnect storm the batch may be seconds away, and a request need not wait.
    publishPresence: async (tenantUuid, userUuids) =>
      void presence.usersChanged(userUuids.map((userUuid) => ({ domainUuid: tenantUuid, userUuid }))),
    endSessions: (sessionUuids) => {
      if (sessionUuids.length === 0) return Promise.resolve();
      // This instance's next request must not wait for the bus to bring the message back.
      sessions?.forget(sessionUuids);
      return bus.publish(END_SESSIONS, JSON.stringify(sessionUuids));
    },
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    async close() {
      closing = true;
      clearInterval(keepAlive);
      clearInterval(heartbeat);
      stopWatching?.();
      (await control)();
      await broker.close();
      // Other instances' clients see this instance's users go offline now, not a minute later.
      await presence.flushNow().catch(onError);
      await releaseInstance(db, instanceId)
        .then((changed) => {
          void presence.usersChanged(changed);
          return presence.flushNow();
        })
        .catch(onError);
      presence.close();
    },
  } satisfies RealtimeGateway;
}

/** Sends each WebSocket upgrade to the endpoint serving its path; anything else is refused. */
export function routeUpgrades(
  server: Server,
  routes: Record<string, (request: IncomingMessage, socket: Duplex, head: Buffer) => void>,
): void {
  server.on('upgrade', (request, socket, head) => {
    // Split, not new URL(): a hostile request target must not be able to throw here.
    const handler = routes[(request.url ?? '').split('?')[0] ?? ''];
    if (handler) handler(request, socket, head);
    else socket.destroy();
  });
}
