/**
 * The single source of what a dialled number does: `route(config, request)` turns a tenant snapshot
 * and one call into a RoutePlan. It is pure (the random ring order aside, which the request may fix)
 * and total: whatever a caller dials, it answers with a plan and never throws.
 */
import { routeIncoming, routeSchedule } from './incoming';
import { routeInternal } from './internal';
import { hangup, type RoutePlan } from './route-plan';
import type { RouteContext } from './resolve';
import type { TenantConfig } from './tenant-config';

/** One call to route. */
export interface RouteRequest {
  /** What was dialled, exactly as received: untrusted. */
  dialled: string;
  /** The caller: their extension on internal calls, the outside number on public ones. */
  caller: string;
  /** When the call arrives; business hours are read at this instant. */
  instant: Date | number;
  /**
   * 'internal' = dialled by an extension; 'public' = an outside call to an incoming number; 'schedule' =
   * an outside call put straight to the schedule numbered `dialled` (what 「この番号に今かけたら?」 asks).
   */
  context: 'internal' | 'public' | 'schedule';
  /** Uniform in [0, 1), orders the random ring strategy; Math.random when absent. */
  random?: () => number;
}

/** Longer input is refused unread (a dial string has at most MAX_DIALLED_LENGTH characters). */
const MAX_INPUT_LENGTH = 64;

/** What the dialled number does for this caller at this instant. */
export function route(config: TenantConfig, request: RouteRequest): RoutePlan {
  // The request comes from outside the type system (signalling, HTTP), so every field is checked.
  const { dialled, caller, instant, context, random } = (request ?? {}) as Partial<RouteRequest>;
  if (typeof dialled !== 'string' || dialled.length > MAX_INPUT_LENGTH) return hangup('invalid-input');
  const callerNumber = typeof caller === 'string' ? caller.trim() : '';
  const ctx = (line: string): RouteContext => ({
    config,
    caller: callerNumber,
    line,
    random: typeof random === 'function' ? random : Math.random,
    path: [],
  });
  if (context === 'internal') {
    // Outside calls leave on the caller's own line when the extension has one.
    return routeInternal(dialled, ctx(config.extensions.get(callerNumber)?.outboundCallerIdNumber ?? ''));
  }
  if (context === 'public' || context === 'schedule') {
    const ms = instant instanceof Date ? instant.getTime() : instant;
    if (typeof ms !== 'number' || !Number.isFinite(ms)) return hangup('invalid-input');
    return context === 'public' ? routeIncoming(dialled, ms, ctx('')) : routeSchedule(dialled, ms, ctx(''));
  }
  return hangup('invalid-input');
}
