import { setTimeout as sleep } from 'node:timers/promises';
import type { AttemptCounter } from './attempt-counter';

/**
 * Sign-in throttle (console and softphone), counted over one-minute windows:
 * - per address: more than `perAddress` wrong attempts from one address refuses that address;
 * - per address + ID: more than `perUser` for one ID from one address refuses that pair only, so an
 *   attacker cannot lock a user out: the right password from another address still signs in;
 * - per ID from every address: beyond `perUser`, answers for that ID are slowed down (a delay that
 *   doubles with every further attempt, capped at `maxDelayMs`) rather than refused.
 * A right password takes its attempt back, so busy offices behind one address are not limited.
 */
export interface LoginThrottle {
  /** Counts an attempt before the password is checked; resolves after any slow-down. */
  attempt(address: string, id: string): Promise<LoginAttempt>;
}

export type LoginAttempt =
  | {
      refused: false;
      /** The password was right: the attempt no longer counts. */
      succeeded(): Promise<void>;
    }
  | {
      refused: true;
      /** The first refusal of its window: worth one audit entry, where a flood would write thousands. */
      first: boolean;
    };

export interface LoginThrottleOptions {
  counter: AttemptCounter;
  perAddress: number;
  perUser: number;
  windowMs?: number;
  /** The first slow-down; each further attempt doubles it. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How a slow-down waits (tests record it instead). */
  wait?: (ms: number) => Promise<unknown>;
}

/** The delay for the n-th attempt on one ID in a window. */
export function slowDown(count: number, perUser: number, baseDelayMs: number, maxDelayMs: number): number {
  const over = count - perUser;
  return over <= 0 ? 0 : Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(over - 1, 30));
}

export function createLoginThrottle({
  counter,
  perAddress,
  perUser,
  windowMs = 60_000,
  baseDelayMs = 250,
  maxDelayMs = 4000,
  wait = sleep,
}: LoginThrottleOptions): LoginThrottle {
  return {
    async attempt(address, id) {
      const name = id.trim().toLowerCase();
      const keys = { address: `a:${address}`, pair: `p:${address}|${name}`, id: `u:${name}` };
      const [byAddress, byPair] = await Promise.all([
        counter.hit(keys.address, windowMs),
        counter.hit(keys.pair, windowMs),
      ]);
      if (byAddress > perAddress || byPair > perUser) {
        return { refused: true, first: byAddress === perAddress + 1 || byPair === perUser + 1 };
      }
      const delay = slowDown(await counter.hit(keys.id, windowMs), perUser, baseDelayMs, maxDelayMs);
      if (delay > 0) await wait(delay);
      return {
        refused: false,
        succeeded: async () => {
          await Promise.all(Object.values(keys).map((key) => counter.undo(key)));
        },
      };
    },
  };
}
