import { describe, expect, it } from 'vitest';
import type { Bus, SharingListener } from './bus';
import { createMemoryBus } from './bus';
import { logSharing } from './sharing-log';

/** A bus whose sharing state the test sets. */
function sharedBus() {
  let listener: SharingListener = () => {};
  const bus: Bus = {
    ...createMemoryBus(),
    watchSharing: (l) => {
      listener = l;
      return () => {};
    },
  };
  return { bus, set: (shared: boolean) => listener(shared, shared ? undefined : new Error('ECONNREFUSED')) };
}

describe('logSharing', () => {
  it('logs a stop as an error and the return as a warning, once each, also when the start was not seen', () => {
    const { bus, set } = sharedBus();
    const lines: string[] = [];
    logSharing(bus, {
      error: (_, message) => lines.push(`error: ${message}`),
      warn: (message) => lines.push(`warn: ${message}`),
    });
    set(false);
    set(true);
    set(false);
    set(true);
    expect(lines).toEqual([
      expect.stringMatching(/^error: Redis unreachable/),
      expect.stringMatching(/^warn: Redis reachable again/),
      expect.stringMatching(/^error: Redis unreachable/),
      expect.stringMatching(/^warn: Redis reachable again/),
    ]);
  });

  it('says nothing when sharing simply starts', () => {
    const { bus, set } = sharedBus();
    const lines: string[] = [];
    logSharing(bus, { error: () => lines.push('error'), warn: () => lines.push('warn') });
    set(true);
    expect(lines).toEqual([]);
  });
});
