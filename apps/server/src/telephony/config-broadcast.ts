import { randomUUID } from 'node:crypto';
import type { Bus } from '../platform/realtime';
import type { ConfigKind, TelephonyEngine } from './engine';

/** Bus topic (not a STOMP destination) carrying configuration changes to every instance's engine. */
const CONFIG_CHANGED = 'control/config-changed';
/** Changes made this long before the bus was found cut off may have been lost with it. */
const LOST_BEFORE_MS = 10_000;

/**
 * The engine as features use it: configChanged() reaches this instance's engine at once and every other
 * instance's through the bus, so their cached routing and FreeSWITCH answers are flushed as well.
 * `announce` is told of each change once, where it was made (the consoles' /topic/pbx).
 */
export function broadcastConfigChanges(
  engine: TelephonyEngine,
  bus: Bus,
  onError: (error: unknown) => void,
  announce: (tenantUuid: string, kind: ConfigKind) => void = () => undefined,
): { engine: TelephonyEngine; stop: () => Promise<void> } {
  const origin = randomUUID();
  const subscription = bus.subscribe(CONFIG_CHANGED, (payload) => {
    const change = JSON.parse(payload) as { origin: string; tenantUuid: string; kind: ConfigKind };
    if (change.origin !== origin) engine.configChanged(change.tenantUuid, change.kind);
  });
  const send = (tenantUuid: string, kind: ConfigKind) =>
    void bus.publish(CONFIG_CHANGED, JSON.stringify({ origin, tenantUuid, kind })).catch(onError);

  // Changes made while the bus does not reach the other instances (Redis away) are sent again when it
  // does: the others' caches would otherwise keep the old routing until the tenant's next change.
  const recent = new Map<string, { tenantUuid: string; kind: ConfigKind; at: number }>();
  let missed: typeof recent | null = null;
  const stopWatching = bus.watchSharing?.((shared) => {
    if (!shared) {
      missed ??= new Map([...recent].filter(([, change]) => change.at >= Date.now() - LOST_BEFORE_MS));
      return;
    }
    const resend = missed;
    missed = null;
    for (const change of resend?.values() ?? []) send(change.tenantUuid, change.kind);
  });

  const configChanged = (tenantUuid: string, kind: ConfigKind) => {
    engine.configChanged(tenantUuid, kind);
    send(tenantUuid, kind);
    announce(tenantUuid, kind);
    const key = `${tenantUuid} ${kind}`;
    const change = { tenantUuid, kind, at: Date.now() };
    missed?.set(key, change);
    // Oldest first: re-set entries move to the end, the stale ones are dropped from the front.
    recent.delete(key);
    recent.set(key, change);
    for (const [old, { at }] of recent) {
      if (at >= change.at - LOST_BEFORE_MS) break;
      recent.delete(old);
    }
  };
  const wrapped = new Proxy(engine, {
    get: (target, property) => {
      if (property === 'configChanged') return configChanged;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    engine: wrapped,
    stop: async () => {
      stopWatching?.();
      (await subscription)();
    },
  };
}
