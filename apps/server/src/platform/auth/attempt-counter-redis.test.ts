import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../realtime/stomp-test-kit';
import { createRedisCounter } from './attempt-counter-redis';
import { createLoginThrottle } from './login-throttle';

describe('Redis attempt counters', () => {
  const prefix = `tsunagu-test-${randomUUID()}:`;
  const probe = new Redis(TEST_REDIS_URL);
  const instanceA = createRedisCounter(TEST_REDIS_URL, { prefix });
  const instanceB = createRedisCounter(TEST_REDIS_URL, { prefix });
  afterAll(async () => {
    const keys = await probe.keys(`${prefix}*`);
    if (keys.length > 0) await probe.del(...keys);
    await Promise.all([instanceA.close(), instanceB.close(), probe.quit()]);
  });

  it('counts one window across instances, with an expiry on the key', async () => {
    expect(await instanceA.hit('a:1.1.1.1', 60_000)).toBe(1);
    expect(await instanceB.hit('a:1.1.1.1', 60_000)).toBe(2);
    const ttl = await probe.pttl(`${prefix}a:1.1.1.1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('takes an attempt back without going below zero or creating a key', async () => {
    await instanceA.hit('u:yamada', 60_000);
    await instanceB.undo('u:yamada');
    await instanceB.undo('u:yamada');
    expect(await probe.get(`${prefix}u:yamada`)).toBe('0');
    await instanceA.undo('u:nobody');
    expect(await probe.exists(`${prefix}u:nobody`)).toBe(0);
  });

  it('holds the per-address+ID limit across two instances', async () => {
    const throttles = [instanceA, instanceB].map((counter) =>
      createLoginThrottle({ counter, perAddress: 100, perUser: 4, wait: async () => {} }),
    );
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) results.push(!(await throttles[i % 2]!.attempt('5.5.5.5', 'admin')).refused);
    expect(results).toEqual([true, true, true, true, false, false]);
  });

  it('falls back to per-instance counting when Redis cannot be reached, and says so once', async () => {
    const states: string[] = [];
    // Nothing listens on port 1: every command fails at once.
    const away = createRedisCounter('redis://127.0.0.1:1', {
      prefix,
      onState: (state) => states.push(state),
    });
    try {
      expect(await away.hit('a:7.7.7.7', 60_000)).toBe(1);
      expect(await away.hit('a:7.7.7.7', 60_000)).toBe(2);
      await away.undo('a:7.7.7.7');
      expect(await away.hit('a:7.7.7.7', 60_000)).toBe(2);
      expect(states).toEqual(['down']);
    } finally {
      await away.close();
    }
  });
});
