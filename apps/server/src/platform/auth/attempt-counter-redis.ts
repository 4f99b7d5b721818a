import { Redis } from 'ioredis';
import { createMemoryCounter, type AttemptCounter } from './attempt-counter';

// INCR and the window's expiry in one step: a key can never be left counting without an end.
const HIT = `local n = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
// DECR only a live positive count: DECR on a missing key would create one without an expiry.
const UNDO = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisCounterOptions {
  /** Key prefix, so tests (and several deployments on one Redis) do not meet. */
  prefix?: string;
  /** Told when Redis stops answering and when it answers again. */
  onState?: (state: 'down' | 'up', error?: unknown) => void;
  now?: () => number;
}

/**
 * Counters in Redis, so every instance enforces the same limits. While Redis is unreachable each
 * instance counts in memory instead: sign-in goes on, limited per instance, and never fails for it.
 */
export function createRedisCounter(url: string, options: RedisCounterOptions = {}): AttemptCounter {
  const prefix = options.prefix ?? 'tsunagu:login:';
  // No offline queue and one short try: while Redis is away a command fails at once instead of
  // holding a sign-in until it returns.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 });
  const memory = createMemoryCounter(options.now);
  let down = false;
  const report = (state: 'down' | 'up', error?: unknown) => {
    if (down === (state === 'down')) return;
    down = state === 'down';
    options.onState?.(state, error);
  };
  // ioredis reconnects by itself; without a listener its connection errors would crash the process.
  redis.on('error', (error: unknown) => report('down', error));
  // The first sign-ins after start wait for the first connection (or its failure), up to a second.
  const connected = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1000).unref();
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    redis.once('ready', done).once('error', done);
  });

  async function run<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      await connected;
      const value = await remote();
      report('up');
      return value;
    } catch (error) {
      report('down', error);
      return local();
    }
  }

  return {
    hit: (key, windowMs) =>
      run(
        async () => Number(await redis.eval(HIT, 1, prefix + key, windowMs)),
        () => memory.hit(key, windowMs),
      ),
    undo: (key) =>
      run(
        async () => void (await redis.eval(UNDO, 1, prefix + key)),
        () => memory.undo(key),
      ),
    async close() {
      redis.disconnect();
      await memory.close();
    },
  };
}
