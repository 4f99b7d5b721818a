import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export type BusHandler = (payload: string) => void;
export type Unsubscribe = () => void;

/** Publish/subscribe between the services and the brokers of every server instance. */
export interface Bus {
  /** Sends a payload to every subscriber of the topic, on every instance sharing the bus. */
  publish(topic: string, payload: string): Promise<void>;
  /** Resolves once messages published from now on will reach the handler. */
  subscribe(topic: string, handler: BusHandler): Promise<Unsubscribe>;
  /**
   * Buses shared between instances (Redis) tell whether other instances are reached: false once when
   * sharing stops (the error says why), true once when it starts or resumes. Absent: in-process only.
   */
  watchSharing?(listener: SharingListener): Unsubscribe;
  close(): Promise<void>;
}

export type SharingListener = (shared: boolean, error?: unknown) => void;

export interface BusOptions {
  /** Where a throwing handler's error goes; it never reaches the publisher. */
  onError?: (error: unknown) => void;
}

export interface RedisBusOptions extends BusOptions {
  /** Channel name prefix, so that several deployments can share one Redis. */
  prefix?: string;
  /** How long a Redis command may take before it counts as failed; default 2 s. */
  commandTimeoutMs?: number;
}

/** Local handlers per topic; reports whether a topic gained its first or lost its last handler. */
function handlerTable(onError: (error: unknown) => void) {
  const table = new Map<string, Set<BusHandler>>();
  return {
    add(topic: string, handler: BusHandler): boolean {
      const handlers = table.get(topic);
      if (handlers) handlers.add(handler);
      else table.set(topic, new Set([handler]));
      return !handlers;
    },
    remove(topic: string, handler: BusHandler): boolean {
      const handlers = table.get(topic);
      if (!handlers?.delete(handler) || handlers.size > 0) return false;
      table.delete(topic);
      return true;
    },
    dispatch(topic: string, payload: string): void {
      // A snapshot: a handler may unsubscribe itself or others while the message is delivered.
      for (const handler of [...(table.get(topic) ?? [])]) {
        try {
          handler(payload);
        } catch (error) {
          onError(error);
        }
      }
    },
    clear: () => table.clear(),
  };
}

const logError = (error: unknown) => console.error(error);

/** A bus inside one process; handlers run on a microtask, never inside the publisher's call. */
export function createMemoryBus(options: BusOptions = {}): Bus {
  const handlers = handlerTable(options.onError ?? logError);
  return {
    publish: async (topic, payload) => {
      await Promise.resolve();
      handlers.dispatch(topic, payload);
    },
    subscribe: async (topic, handler) => {
      handlers.add(topic, handler);
      return () => void handlers.remove(topic, handler);
    },
    close: async () => handlers.clear(),
  };
}

/** Length of an instance's origin tag in front of every payload it sends to Redis (a UUID). */
const ORIGIN_LENGTH = 36;

/**
 * A bus over Redis pub/sub: one connection publishes, one subscribes to one channel per topic in use.
 * Handlers of the publishing instance are called directly, never through Redis, so while Redis is away
 * each instance keeps serving its own clients; publish() then neither fails nor waits, messages for the
 * other instances are dropped, and sharing resumes by itself when Redis is back (the channels in use are
 * subscribed again).
 */
export function createRedisBus(url: string, options: RedisBusOptions = {}): Bus {
  const prefix = options.prefix ?? 'tsunagu:';
  const onError = options.onError ?? logError;
  const origin = randomUUID();
  // No offline queue and a short timeout: a command sent while Redis is away fails at once instead of
  // holding a request handler until Redis returns. ioredis reconnects by itself (every 2 s at most).
  const connection = () =>
    new Redis(url, {
      enableOfflineQueue: false,
      autoResubscribe: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 2_000,
    });
  const publisher = connection();
  const subscriber = connection();
  const handlers = handlerTable(onError);
  /** Channels in use: subscribed on every (re)connection of the subscriber. */
  const channels = new Set<string>();
  const sharing = sharingState();
  let closed = false;
  // Settled by the first connection or its failure (at most a few seconds): until then subscribe()
  // and publish() wait, so that what a freshly started instance does is shared.
  const started = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    timer.unref();
    const stop = sharing.watch(() => {
      clearTimeout(timer);
      queueMicrotask(stop);
      resolve();
    });
  });

  const fail = (error: unknown) => {
    if (!closed) sharing.set(false, error);
  };
  // ioredis reports every failed reconnection attempt; the state change is logged once.
  publisher.on('error', fail);
  subscriber.on('error', fail);
  publisher.on('close', () => fail(new Error('Redis connection closed')));
  subscriber.on('close', () => fail(new Error('Redis connection closed')));
  const resume = async () => {
    if (publisher.status !== 'ready' || subscriber.status !== 'ready') return;
    try {
      if (channels.size > 0) await subscriber.subscribe(...channels);
      if (publisher.status === 'ready' && subscriber.status === 'ready') sharing.set(true);
    } catch (error) {
      fail(error);
    }
  };
  publisher.on('ready', () => void resume());
  subscriber.on('ready', () => void resume());
  subscriber.on('message', (channel: string, message: string) => {
    // Our own messages were delivered here already, when they were published.
    if (!channel.startsWith(prefix) || message.startsWith(origin)) return;
    handlers.dispatch(channel.slice(prefix.length), message.slice(ORIGIN_LENGTH));
  });

  return {
    publish: async (topic, payload) => {
      await Promise.resolve();
      handlers.dispatch(topic, payload);
      if (publisher.status !== 'ready') await started;
      if (publisher.status !== 'ready') return;
      await publisher.publish(prefix + topic, origin + payload).catch(fail);
    },
    subscribe: async (topic, handler) => {
      const channel = prefix + topic;
      if (handlers.add(topic, handler)) {
        channels.add(channel);
        // Commands on one connection run in order, so an UNSUBSCRIBE followed by a fresh SUBSCRIBE of
        // the same channel leaves it subscribed. Not connected: subscribed when the connection is ready.
        if (subscriber.status === 'ready') await subscriber.subscribe(channel).catch(fail);
        else await started;
      }
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        if (!handlers.remove(topic, handler)) return;
        channels.delete(channel);
        if (subscriber.status === 'ready') subscriber.unsubscribe(channel).catch(fail);
      };
    },
    watchSharing: sharing.watch,
    close: async () => {
      closed = true;
      handlers.clear();
      channels.clear();
      await Promise.all(
        [publisher, subscriber].map((redis) =>
          redis.status === 'ready' ? redis.quit().catch(() => redis.disconnect()) : redis.disconnect(),
        ),
      );
    },
  };
}

/** Whether messages reach the other instances; listeners hear each change once. */
function sharingState() {
  let shared: boolean | undefined;
  const listeners = new Set<SharingListener>();
  return {
    set(next: boolean, error?: unknown) {
      if (shared === next) return;
      shared = next;
      for (const listener of [...listeners]) listener(next, next ? undefined : error);
    },
    watch(listener: SharingListener): Unsubscribe {
      listeners.add(listener);
      // A listener added after the first connection failed still hears that sharing is off.
      if (shared === false) listener(false);
      return () => void listeners.delete(listener);
    },
  };
}
