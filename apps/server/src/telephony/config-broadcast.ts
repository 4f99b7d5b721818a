import { randomUUID } from 'node:crypto';
import type { Bus } from '../platform/realtime';
import type { ConfigKind, TelephonyEngine } from './engine';

/** Bus topic (not a STOMP destination) carrying configuration changes to every instance's engine. */
const CONFIG_CHANGED = 'control/config-changed';

/**
 * The engine as features use it: configChanged() reaches this instance's engine at once and every other
 * instance's through the bus, so their cached routing and FreeSWITCH answers are flushed as well.
 */
export function broadcastConfigChanges(
  engine: TelephonyEngine,
  bus: Bus,
  onError: (error: unknown) => void,
): { engine: TelephonyEngine; stop: () => Promise<void> } {
  const origin = randomUUID();
  const subscription = bus.subscribe(CONFIG_CHANGED, (payload) => {
    const change = JSON.parse(payload) as { origin: string; tenantUuid: string; kind: ConfigKind };
    if (change.origin !== origin) engine.configChanged(change.tenantUuid, change.kind);
  });
  const configChanged = (tenantUuid: string, kind: ConfigKind) => {
    engine.configChanged(tenantUuid, kind);
    bus.publish(CONFIG_CHANGED, JSON.stringify({ origin, tenantUuid, kind })).catch(onError);
  };
  const wrapped = new Proxy(engine, {
    get: (target, property) => {
      if (property === 'configChanged') return configChanged;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { engine: wrapped, stop: async () => (await subscription)() };
}
