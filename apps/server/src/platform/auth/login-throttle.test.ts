import { describe, expect, it } from 'vitest';
import { createMemoryCounter } from './attempt-counter';
import { createLoginThrottle, slowDown, type LoginThrottleOptions } from './login-throttle';

function throttleWith(options: Partial<LoginThrottleOptions> = {}) {
  let now = 0;
  const waits: number[] = [];
  const throttle = createLoginThrottle({
    counter: createMemoryCounter(() => now),
    perAddress: 100,
    perUser: 3,
    wait: async (ms) => void waits.push(ms),
    ...options,
  });
  /** True when the attempt was let through (to the password check). */
  const tries = async (address: string, id: string) => !(await throttle.attempt(address, id)).refused;
  return { throttle, tries, waits, advance: (ms: number) => (now += ms) };
}

describe('login throttle', () => {
  it('refuses one address after its limit for one ID, and only that address', async () => {
    const { tries } = throttleWith();
    for (let i = 0; i < 3; i++) expect(await tries('1.1.1.1', 'admin')).toBe(true);
    expect(await tries('1.1.1.1', 'ADMIN')).toBe(false);
    // The attacker's address is refused; the administrator's own address is not.
    expect(await tries('2.2.2.2', 'admin')).toBe(true);
    expect(await tries('1.1.1.1', 'yamada')).toBe(true);
  });

  it('marks only the first refusal of a window, so a flood is audited once', async () => {
    const { throttle } = throttleWith({ perAddress: 100, perUser: 1 });
    await throttle.attempt('1.1.1.1', 'admin');
    expect(await throttle.attempt('1.1.1.1', 'admin')).toEqual({ refused: true, first: true });
    expect(await throttle.attempt('1.1.1.1', 'admin')).toEqual({ refused: true, first: false });
  });

  it('limits one address across IDs', async () => {
    const { tries } = throttleWith({ perAddress: 2 });
    expect(await tries('1.1.1.1', 'a')).toBe(true);
    expect(await tries('1.1.1.1', 'b')).toBe(true);
    expect(await tries('1.1.1.1', 'c')).toBe(false);
    expect(await tries('9.9.9.9', 'c')).toBe(true);
  });

  it('slows an ID down under attempts from many addresses, growing to a cap, never refusing', async () => {
    const { tries, waits } = throttleWith({ baseDelayMs: 100, maxDelayMs: 1000 });
    for (let i = 0; i < 10; i++) expect(await tries(`10.0.0.${i}`, 'admin')).toBe(true);
    expect(waits).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
  });

  it('starts again with the next window', async () => {
    const { tries, advance } = throttleWith({ perAddress: 1 });
    expect(await tries('1.1.1.1', 'a')).toBe(true);
    expect(await tries('1.1.1.1', 'a')).toBe(false);
    advance(60_000);
    expect(await tries('1.1.1.1', 'a')).toBe(true);
  });

  it('does not count right passwords: an office behind one address signs in all morning', async () => {
    const { throttle, waits } = throttleWith({ perAddress: 2, perUser: 1 });
    for (let i = 0; i < 20; i++) {
      const attempt = await throttle.attempt('1.1.1.1', `staff${i % 3}`);
      if (attempt.refused) throw new Error('refused');
      await attempt.succeeded();
    }
    expect(waits).toEqual([]);
  });

  it('computes the slow-down from the count over the limit', () => {
    expect(slowDown(10, 10, 250, 4000)).toBe(0);
    expect(slowDown(11, 10, 250, 4000)).toBe(250);
    expect(slowDown(13, 10, 250, 4000)).toBe(1000);
    expect(slowDown(1e6, 10, 250, 4000)).toBe(4000);
  });
});
