/**
 * Counters of sign-in attempts in fixed windows, shared by every instance when Redis is configured.
 * The throttle's rules (login-throttle.ts) sit on top; this file only counts.
 */
export interface AttemptCounter {
  /** Adds one to the key's count; a window starts with the first hit and lasts windowMs. Returns the count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes one back (a right password is not a guess); never below zero, never starts a window. */
  undo(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One instance's counters; also what the Redis counters fall back to while Redis is away. */
export function createMemoryCounter(now: () => number = Date.now): AttemptCounter {
  const counts = new Map<string, { until: number; count: number }>();
  // Expired windows are dropped now and then so a spray of addresses cannot grow the map for ever.
  const sweep = (t: number) => {
    for (const [key, entry] of counts) if (entry.until <= t) counts.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const t = now();
      if (counts.size > 10_000) sweep(t);
      const entry = counts.get(key);
      if (!entry || entry.until <= t) {
        counts.set(key, { until: t + windowMs, count: 1 });
        return 1;
      }
      return ++entry.count;
    },
    async undo(key) {
      const entry = counts.get(key);
      if (entry && entry.until > now() && entry.count > 0) entry.count--;
    },
    async close() {
      counts.clear();
    },
  };
}
