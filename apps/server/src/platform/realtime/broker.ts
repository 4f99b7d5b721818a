import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Bus, Unsubscribe } from './bus';
import type { ServerHeartbeat } from './heart-beat';
import { defaultStompLimits, serializeFrame } from './stomp-codec';
import {
  openStompSession,
  type SessionHost,
  type SessionLimits,
  type StompAction,
  type StompSession,
  type Subscription,
} from './stomp-session';

export interface StompBrokerOptions<P> {
  bus: Bus;
  /** Resolves a CONNECT's headers (login, passcode, Authorization, …) to a principal; null refuses. */
  authenticate(headers: Readonly<Record<string, string>>): Promise<P | null>;
  /** Access policy for SUBSCRIBE and SEND; the broker itself has none. */
  authorize(principal: P, destination: string, action: StompAction): boolean | Promise<boolean>;
  /** Serves upgrades of this server on `path`; leave out to hand sockets over with accept(). */
  server?: Server;
  /** Default '/ws'. */
  path?: string;
  onConnect?(principal: P): void | Promise<void>;
  onDisconnect?(principal: P): void | Promise<void>;
  /** What a new subscription receives first, before anything published after it (undefined: nothing). */
  firstMessage?(principal: P, destination: string): string | undefined | Promise<string | undefined>;
  /** Failures that no client should see: a throwing hook, authenticator or bus. Default console.error. */
  onError?(error: unknown): void;
  /** Default: send every 10 s at most, expect every 10 s at least; the client may ask for slower. */
  heartbeat?: Partial<ServerHeartbeat>;
  limits?: Partial<SessionLimits>;
}

export interface StompBroker<P> {
  /** Serves an already upgraded WebSocket. */
  accept(socket: WebSocket): void;
  /** Upgrades an HTTP request already routed to this broker (by an upgrade dispatcher) and serves it. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Publishes on the bus, so subscribers on every instance receive it. */
  publish(destination: string, body: string): Promise<void>;
  /** Delivers to this instance's subscribers only (for events every instance sees by itself). */
  publishLocal(destination: string, body: string): void;
  /** Sends ERROR and closes every connection whose principal matches (forced logout); returns how many. */
  disconnectWhere(predicate: (principal: P) => boolean, message?: string): number;
  /** Open WebSocket connections, authenticated or not. */
  connections(): number;
  /** Stops listening, closes every connection and drops the bus subscriptions; the bus stays open. */
  close(): Promise<void>;
}

interface Topic<P> {
  subscribers: Set<Subscription<P>>;
  ready: Promise<Unsubscribe>;
}

const defaultLimits: SessionLimits = {
  ...defaultStompLimits,
  connectTimeoutMs: 10_000,
  maxSubscriptions: 256,
  maxBufferedBytes: 1024 * 1024,
};

/** Creates a STOMP 1.2 broker over `ws` whose messages travel on the bus. */
export function createStompBroker<P>(options: StompBrokerOptions<P>): StompBroker<P> {
  const path = options.path ?? '/ws';
  const limits = { ...defaultLimits, ...options.limits };
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const sessions = new Set<StompSession<P>>();
  const topics = new Map<string, Topic<P>>();
  const brokerId = randomUUID();
  let messageCount = 0;
  let drained: (() => void) | undefined;

  const wss = new WebSocketServer({
    noServer: true,
    // Room for a few coalesced frames; a longer message is cut off by ws itself.
    maxPayload: limits.maxFrameBytes * 4,
    handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
  });

  function runHook(hook: ((principal: P) => void | Promise<void>) | undefined, principal: P): void {
    if (!hook) return;
    try {
      Promise.resolve(hook(principal)).catch(onError);
    } catch (error) {
      onError(error);
    }
  }

  function deliver(subscribers: Set<Subscription<P>>, destination: string, body: string): void {
    if (subscribers.size === 0) return;
    messageCount += 1;
    const messageId = `${brokerId}-${messageCount}`;
    // Subscribers mostly share a subscription id (every stompjs client numbers its own from sub-0), so a
    // frame is encoded once per distinct id and ack mode rather than once per subscriber.
    const encoded = new Map<string, Buffer>();
    for (const subscription of subscribers) {
      const acked = subscription.ack !== 'auto';
      const key = `${acked ? 'a' : '-'}${subscription.id}`;
      let frame = encoded.get(key);
      if (!frame) {
        frame = Buffer.from(
          serializeFrame({
            command: 'MESSAGE',
            headers: {
              subscription: subscription.id,
              'message-id': messageId,
              destination,
              'content-type': 'text/plain;charset=utf-8',
              ack: acked ? messageId : undefined,
            },
            body,
          }),
        );
        encoded.set(key, frame);
      }
      subscription.session.send(frame);
    }
  }

  const host: SessionHost<P> = {
    authenticate: options.authenticate,
    authorize: options.authorize,
    heartbeat: { sendEveryMs: 10_000, expectEveryMs: 10_000, ...options.heartbeat },
    limits,
    onError,
    async subscribe(subscription) {
      const { destination } = subscription;
      let topic = topics.get(destination);
      if (!topic) {
        // The handler is bound to this entry's set: after a last unsubscribe and a new first subscribe, the
        // old bus subscription may deliver until it is dropped, and must not reach the new subscribers.
        const subscribers = new Set<Subscription<P>>();
        topic = {
          subscribers,
          ready: options.bus.subscribe(destination, (body) => deliver(subscribers, destination, body)),
        };
        topics.set(destination, topic);
      }
      topic.subscribers.add(subscription);
      try {
        await topic.ready;
      } catch (error) {
        host.unsubscribe(subscription);
        throw error;
      }
      const { principal } = subscription.session;
      if (!options.firstMessage || principal === undefined) return;
      // Read after the topic's earlier messages were delivered: it must already include what they said.
      const first = await Promise.resolve(options.firstMessage(principal, destination)).catch(onError);
      if (typeof first === 'string' && topic.subscribers.has(subscription)) {
        deliver(new Set([subscription]), destination, first);
      }
    },
    unsubscribe(subscription) {
      const topic = topics.get(subscription.destination);
      if (!topic?.subscribers.delete(subscription) || topic.subscribers.size > 0) return;
      topics.delete(subscription.destination);
      topic.ready
        .then((unsubscribe) => unsubscribe())
        .catch(() => {
          // The SUBSCRIBE itself failed and was reported to the subscriber; there is nothing to undo.
        });
    },
    publish: (destination, body) => options.bus.publish(destination, body),
    connected: (_session, principal) => runHook(options.onConnect, principal),
    closed(session) {
      sessions.delete(session);
      if (session.principal !== undefined) runHook(options.onDisconnect, session.principal);
      if (sessions.size === 0) drained?.();
    },
  };

  function accept(socket: WebSocket): void {
    sessions.add(openStompSession(socket, host));
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    // Split, not new URL(): a hostile request target must not be able to throw here.
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname === path) {
      wss.handleUpgrade(request, socket, head, accept);
      return;
    }
    // Other upgrade listeners may own other paths; with none, Node would leave the socket hanging.
    if (options.server?.listenerCount('upgrade') === 1) socket.destroy();
  }

  options.server?.on('upgrade', onUpgrade);

  return {
    accept,
    handleUpgrade: (request, socket, head) => wss.handleUpgrade(request, socket, head, accept),
    publish: host.publish,
    publishLocal(destination, body) {
      const topic = topics.get(destination);
      if (topic) deliver(topic.subscribers, destination, body);
    },
    disconnectWhere(predicate, message = 'セッションが終了しました') {
      let count = 0;
      for (const session of sessions) {
        if (session.principal !== undefined && predicate(session.principal)) {
          session.fail(message);
          count += 1;
        }
      }
      return count;
    },
    connections: () => sessions.size,
    async close() {
      options.server?.off('upgrade', onUpgrade);
      if (sessions.size > 0) {
        const allClosed = new Promise<void>((resolve) => (drained = resolve));
        for (const session of sessions) session.close(1001);
        await allClosed;
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
