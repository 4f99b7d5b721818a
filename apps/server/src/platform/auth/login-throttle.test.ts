import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle';

describe('login throttle', () => {
  it('allows the limit per user name within a window, then refuses, and resets with the next window', () => {
    let now = 0;
    const throttle = createLoginThrottle(100, 2, () => now);
    expect(throttle.attempt('1.1.1.1', 'yamada')).toBe(true);
    expect(throttle.attempt('2.2.2.2', 'YAMADA')).toBe(true);
    expect(throttle.attempt('3.3.3.3', 'yamada')).toBe(false);
    expect(throttle.attempt('3.3.3.3', 'suzuki')).toBe(true);
    now = 60_000;
    expect(throttle.attempt('3.3.3.3', 'yamada')).toBe(true);
  });

  it('limits one address across user names', () => {
    const throttle = createLoginThrottle(2, 100, () => 0);
    expect(throttle.attempt('1.1.1.1', 'a')).toBe(true);
    expect(throttle.attempt('1.1.1.1', 'b')).toBe(true);
    expect(throttle.attempt('1.1.1.1', 'c')).toBe(false);
    expect(throttle.attempt('9.9.9.9', 'c')).toBe(true);
  });
});
