import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { topicOwner, topics, type LoginUser } from '@tsunagu/contract';
import type { Auth } from '../auth/auth-context';
import type { Authenticator } from '../auth/authenticate';
import {
  countRealtimeConnection,
  deadSessions,
  onlineSessionCounts,
  touchSessions,
  TOUCH_EVERY_MS,
} from '../auth/sessions.repository';
import type { Db } from '../db/client';
import { createStompBroker, type StompBroker } from './broker';
import type { Bus, Unsubscribe } from './bus';

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
  /** Publishes the tenant's online users on /topic/loginUser/{domainUuid}. */
  publishPresence(domainUuid: string): Promise<void>;
  /** Closes, on every instance, the real-time connections of these (revoked) sessions. */
  endSessions(sessionUuids: string[]): Promise<void>;
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
  now?: () => Date;
  onError?: (error: unknown) => void;
}

/**
 * The STOMP endpoint of the console: CONNECT needs a live session (token) and a `login` naming its user;
 * clients only receive (SEND is refused); an open connection keeps its session active and online.
 */
export function createRealtimeGateway({
  db,
  bus,
  authenticate,
  now = () => new Date(),
  onError,
}: RealtimeGatewayDeps) {
  const connected = new Map<string, number>();
  const publishPresence = async (domainUuid: string) => {
    const counts = await onlineSessionCounts(db, domainUuid, now());
    const list: LoginUser[] = [...counts].map(([userUuid, loginCnt]) => ({ userUuid, loginCnt }));
    await bus.publish(topics.loginUser(domainUuid), JSON.stringify(list));
  };

  const broker = createStompBroker<Auth>({
    bus,
    ...(onError ? { onError } : {}),
    async authenticate(headers) {
      const token = connectToken(headers);
      if (!token) return null;
      const auth = await authenticate(`Bearer ${token}`).catch(() => null);
      const login = (headers.login ?? '').toLowerCase();
      if (!auth || (login !== auth.userUuid && login !== auth.username.toLowerCase())) return null;
      return auth;
    },
    authorize: (auth, destination, action) => action === 'subscribe' && mayReceive(auth, destination),
    async onConnect(auth) {
      connected.set(auth.sessionUuid, (connected.get(auth.sessionUuid) ?? 0) + 1);
      await countRealtimeConnection(db, auth.sessionUuid, 1, now());
      await publishPresence(auth.domainUuid);
    },
    async onDisconnect(auth) {
      const left = (connected.get(auth.sessionUuid) ?? 1) - 1;
      if (left > 0) connected.set(auth.sessionUuid, left);
      else connected.delete(auth.sessionUuid);
      await countRealtimeConnection(db, auth.sessionUuid, -1, now());
      await publishPresence(auth.domainUuid);
    },
  });

  const closeSessions = (sessionUuids: string[]) => {
    const ended = new Set(sessionUuids);
    broker.disconnectWhere((auth) => ended.has(auth.sessionUuid), 'セッションが終了しました。');
  };
  const control: Promise<Unsubscribe> = bus.subscribe(END_SESSIONS, (payload) => {
    closeSessions(JSON.parse(payload) as string[]);
  });

  // Every minute: open connections keep their sessions seen; connections of sessions revoked
  // elsewhere (another instance, an expired token) are closed.
  const keepAlive = setInterval(() => {
    const ids = [...connected.keys()];
    touchSessions(db, ids, now())
      .then(() => deadSessions(db, ids, now()))
      .then(closeSessions)
      .catch((error: unknown) => onError?.(error));
  }, TOUCH_EVERY_MS);
  keepAlive.unref();

  return {
    broker,
    publish: (topic, body) => bus.publish(topic, body),
    publishLocal: (topic, body) => broker.publishLocal(topic, body),
    publishPresence,
    endSessions: (sessionUuids) =>
      sessionUuids.length === 0 ? Promise.resolve() : bus.publish(END_SESSIONS, JSON.stringify(sessionUuids)),
    async close() {
      clearInterval(keepAlive);
      (await control)();
      await broker.close();
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
