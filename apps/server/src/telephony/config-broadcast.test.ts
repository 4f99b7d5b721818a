import { describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus, type SharingListener } from '../platform/realtime';
import { createTestEngine } from '../testing/test-engine';
import { broadcastConfigChanges } from './config-broadcast';
import type { ConfigKind } from './engine';

describe('configuration changes across instances', () => {
  it("reach this instance's engine at once and every other instance's through the bus, once each, announced once", async () => {
    const bus = createMemoryBus();
    const seen: Record<'a' | 'b', [string, ConfigKind][]> = { a: [], b: [] };
    const announced: Record<'a' | 'b', [string, ConfigKind][]> = { a: [], b: [] };
    let reachedB: () => void = () => {};
    const bHeard = new Promise<void>((resolve) => (reachedB = resolve));
    const instances = (['a', 'b'] as const).map((name) => {
      const engine = createTestEngine();
      engine.configChanged = (tenant, kind) => {
        seen[name].push([tenant, kind]);
        if (name === 'b') reachedB();
      };
      return broadcastConfigChanges(
        engine,
        bus,
        (error) => {
          throw error;
        },
        (tenant, kind) => announced[name].push([tenant, kind]),
      );
    });
    const [a] = instances as [(typeof instances)[0]];
    await new Promise((resolve) => setTimeout(resolve, 0));

    a.engine.configChanged('tenant-1', 'ringGroup');
    expect(seen.a).toEqual([['tenant-1', 'ringGroup']]);
    await bHeard;
    expect(seen.b).toEqual([['tenant-1', 'ringGroup']]);
    expect(seen.a).toHaveLength(1);
    // The consoles hear of it once (/topic/pbx reaches every instance's clients itself).
    expect(announced).toEqual({ a: [['tenant-1', 'ringGroup']], b: [] });
    // Everything else passes through to the engine itself.
    expect(a.engine.kind).toBe('sandbox');
    expect(a.engine.callState('x')).toEqual([]);
    for (const instance of instances) await instance.stop();
    await bus.close();
  });
});

describe('configuration changes while the bus does not reach the other instances', () => {
  it('are sent again when it does, so the others do not keep the old routing', async () => {
    const shared = createMemoryBus();
    // Instance a's view of the bus: cut off from the others at will, and saying so.
    let cutOff = false;
    let tell: SharingListener = () => {};
    const busOfA: Bus = {
      ...shared,
      publish: async (topic, payload) => {
        if (!cutOff) await shared.publish(topic, payload);
      },
      watchSharing: (listener) => {
        tell = listener;
        return () => {};
      },
    };
    const heardByB: [string, ConfigKind][] = [];
    let reachedB: () => void = () => {};
    const engineB = createTestEngine();
    engineB.configChanged = (tenant, kind) => {
      heardByB.push([tenant, kind]);
      reachedB();
    };
    const a = broadcastConfigChanges(createTestEngine(), busOfA, (error) => {
      throw error;
    });
    const b = broadcastConfigChanges(engineB, shared, (error) => {
      throw error;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));

    cutOff = true;
    tell(false);
    a.engine.configChanged('tenant-1', 'ringGroup');
    a.engine.configChanged('tenant-1', 'ringGroup');
    await shared.publish('flush', '');
    expect(heardByB).toEqual([]);

    cutOff = false;
    const heard = new Promise<void>((resolve) => (reachedB = resolve));
    tell(true);
    await heard;
    expect(heardByB).toEqual([['tenant-1', 'ringGroup']]);
    await Promise.all([a.stop(), b.stop()]);
    await shared.close();
  });
});
