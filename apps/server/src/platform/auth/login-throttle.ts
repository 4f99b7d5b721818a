/**
 * Limits sign-in attempts per address and per user name in fixed one-minute windows.
 * In memory: with several instances each enforces its own share, which still bounds guessing.
 */
export interface LoginThrottle {
  /** Records an attempt; false when either limit is already used up. */
  attempt(address: string, username: string): boolean;
}

export function createLoginThrottle(
  perAddress: number,
  perUser: number,
  now: () => number = Date.now,
  windowMs = 60_000,
): LoginThrottle {
  const counts = new Map<string, { windowStart: number; count: number }>();
  const take = (key: string, limit: number): boolean => {
    const t = now();
    const entry = counts.get(key);
    if (!entry || t - entry.windowStart >= windowMs) {
      counts.set(key, { windowStart: t, count: 1 });
      return true;
    }
    entry.count++;
    return entry.count <= limit;
  };
  const sweep = () => {
    const t = now();
    for (const [key, entry] of counts) if (t - entry.windowStart >= windowMs) counts.delete(key);
  };
  return {
    attempt(address, username) {
      if (counts.size > 10_000) sweep();
      const byAddress = take(`a:${address}`, perAddress);
      const byUser = take(`u:${username.toLowerCase()}`, perUser);
      return byAddress && byUser;
    },
  };
}
