import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../platform/realtime';
import { createTestEngine } from '../testing/test-engine';
import { broadcastConfigChanges } from './config-broadcast';
import type { ConfigKind } from './engine';

describe('configuration changes across instances', () => {
  it("reach this instance's engine at once and every other instance's through the bus, once each", async () => {
    const bus = createMemoryBus();
    const seen: Record<'a' | 'b', [string, ConfigKind][]> = { a: [], b: [] };
    let reachedB: () => void = () => {};
    const bHeard = new Promise<void>((resolve) => (reachedB = resolve));
    const instances = (['a', 'b'] as const).map((name) => {
      const engine = createTestEngine();
      engine.configChanged = (tenant, kind) => {
        seen[name].push([tenant, kind]);
        if (name === 'b') reachedB();
      };
      return broadcastConfigChanges(engine, bus, (error) => {
        throw error;
      });
    });
    const [a] = instances as [(typeof instances)[0]];
    await new Promise((resolve) => setTimeout(resolve, 0));

    a.engine.configChanged('tenant-1', 'ringGroup');
    expect(seen.a).toEqual([['tenant-1', 'ringGroup']]);
    await bHeard;
    expect(seen.b).toEqual([['tenant-1', 'ringGroup']]);
    expect(seen.a).toHaveLength(1);
    // Everything else passes through to the engine itself.
    expect(a.engine.kind).toBe('sandbox');
    expect(a.engine.callState('x')).toEqual([]);
    for (const instance of instances) await instance.stop();
    await bus.close();
  });
});
