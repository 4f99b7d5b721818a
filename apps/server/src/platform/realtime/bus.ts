import { Redis } from 'ioredis';

export type BusHandler = (payload: string) => void;
export type Unsubscribe = () => void;

/** Publish/subscribe between the services and the brokers of every server instance. */
export interface Bus {
  /** Sends a payload to every subscriber of the topic, on every instance sharing the bus. */
  publish(topic: string, payload: string): Promise<void>;
  /** Resolves once messages published from now on will reach the handler. */
  subscribe(topic: string, handler: BusHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

export interface BusOptions {
  /** Where a throwing handler's error goes; it never reaches the publisher. */
  onError?: (error: unknown) => void;
}

export interface RedisBusOptions extends BusOptions {
  /** Channel name prefix, so that several deployments can share one Redis. */
  prefix?: string;
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

/** A bus over Redis pub/sub: one connection publishes, one subscribes to one channel per topic in use. */
export function createRedisBus(url: string, options: RedisBusOptions = {}): Bus {
  const prefix = options.prefix ?? 'tsunagu:';
  const onError = options.onError ?? logError;
  const publisher = new Redis(url);
  const subscriber = new Redis(url);
  const handlers = handlerTable(onError);
  // The pending or acknowledged SUBSCRIBE of each channel in use. Commands on one connection run in order,
  // so an UNSUBSCRIBE followed by a fresh SUBSCRIBE of the same channel leaves it subscribed.
  const subscribed = new Map<string, Promise<unknown>>();

  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel.startsWith(prefix)) handlers.dispatch(channel.slice(prefix.length), message);
  });

  return {
    publish: async (topic, payload) => {
      await publisher.publish(prefix + topic, payload);
    },
    subscribe: async (topic, handler) => {
      if (handlers.add(topic, handler)) subscribed.set(topic, subscriber.subscribe(prefix + topic));
      let active = true;
      const unsubscribe = () => {
        if (!active) return;
        active = false;
        if (!handlers.remove(topic, handler)) return;
        subscribed.delete(topic);
        subscriber.unsubscribe(prefix + topic).catch(onError);
      };
      try {
        await subscribed.get(topic);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    close: async () => {
      handlers.clear();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
