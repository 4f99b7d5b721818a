/**
 * What a number of the tenant leads to: an IVR, a ring group, an extension or, when longer than 4
 * digits or an emergency number, an outside number. Forwards, speed dials, business-hours targets and no-answer transfers
 * hop to another number through `follow`, which refuses loops and over-long chains.
 */
import { dialString, isEmergencyNumber, isExternalNumber } from '@tsunagu/contract';
import { hangup, MAX_ROUTE_HOPS, type RingTarget, type RoutePlan, type TransferReason } from './route-plan';
import type { ExtensionEntry, RingGroupEntry, TenantConfig } from './tenant-config';

/** Dial strings longer than this are refused (E.164 allows 15 digits; prefixes get some room). */
export const MAX_DIALLED_LENGTH = 20;

/** One routing decision in progress. */
export interface RouteContext {
  readonly config: TenantConfig;
  /** The caller's number: their extension on internal calls. */
  readonly caller: string;
  /** The gateway number outside calls should leave on, '' for the tenant's default line. */
  readonly line: string;
  /** Uniform in [0, 1): orders the random ring strategy. */
  readonly random: () => number;
  /** Numbers this decision has routed through, the dialled one first. */
  readonly path: string[];
}

const DIGITS = /^\d+$/;

/** Routes a number of the tenant or of the outside world (digits only). */
export function routeNumber(number: string, ctx: RouteContext): RoutePlan {
  if (isEmergencyNumber(number)) return outboundPlan(number, ctx);
  const { config } = ctx;
  const ivr = config.ivrMenus.get(number);
  if (ivr) return ivr.enabled ? ivr.plan : hangup('disabled');
  const group = config.ringGroups.get(number);
  if (group) return ringGroupPlan(group, ctx);
  const extension = config.extensions.get(number);
  if (extension) return extensionPlan(extension, ctx);
  if (isExternalNumber(number) && number.length <= MAX_DIALLED_LENGTH && DIGITS.test(number)) {
    return outboundPlan(number, ctx);
  }
  // Feature codes are for what a caller dials, never for configured targets: a forward or transfer
  // to '*33…' must not let an outside caller listen in.
  return hangup('unknown-number');
}

/**
 * A hop to a configured number. The chain is walked depth-first with the numbers on the way kept
 * in ctx.path, so reaching one of them again is a loop; `line` changes the outgoing line below.
 */
export function follow(
  ctx: RouteContext,
  reason: TransferReason,
  configured: string,
  line = ctx.line,
): RoutePlan {
  const number = dialString(configured);
  if (number === '') return hangup('unknown-number');
  if (ctx.path.includes(number)) return hangup('loop');
  if (ctx.path.length >= MAX_ROUTE_HOPS) return hangup('too-deep');
  ctx.path.push(number);
  const then = routeNumber(number, line === ctx.line ? ctx : { ...ctx, line });
  ctx.path.pop();
  return { kind: 'transfer', reason, number, then };
}

/** Spec order: a switched-off extension does not exist, DND beats forward-all (as the directory does). */
function extensionPlan(extension: ExtensionEntry, ctx: RouteContext): RoutePlan {
  if (!extension.enabled) return hangup('disabled');
  if (extension.extension === ctx.caller) return hangup('self-call');
  // A box that takes busy calls takes those refused by do-not-disturb too.
  if (extension.doNotDisturb) return extension.ring.onBusy ?? hangup('do-not-disturb');
  if (extension.forward !== '') {
    // A forwarded call leaves on the forwarding extension's own line when it has one.
    return follow(ctx, 'forward', extension.forward, extension.outboundCallerIdNumber || ctx.line);
  }
  return extension.ring;
}

/** The group's members less the caller (nobody rings themselves), shuffled for the random strategy. */
function ringGroupPlan(group: RingGroupEntry, ctx: RouteContext): RoutePlan {
  if (!group.enabled) return hangup('disabled');
  let members = group.members;
  if (members.some((m) => m.extension === ctx.caller)) {
    members = members.filter((m) => m.extension !== ctx.caller);
  }
  if (group.strategy === 'random') members = shuffled(members, ctx.random);
  const { noAnswer } = group;
  return {
    kind: 'ringGroup',
    number: group.number,
    name: group.name,
    strategy: group.strategy,
    sequential: group.strategy !== 'enterprise',
    members,
    greeting: group.greeting,
    missedCallEmail: group.missedCallEmail,
    onNoAnswer: noAnswer.kind === 'plan' ? noAnswer.plan : follow(ctx, 'no-answer', noAnswer.number),
  };
}

/** Out through the caller's line when it is one of the tenant's gateways, else the default line. */
function outboundPlan(number: string, ctx: RouteContext): RoutePlan {
  const gateway = ctx.config.gateways.get(ctx.line) ?? ctx.config.defaultGateway;
  if (!gateway) return hangup('no-gateway');
  return {
    kind: 'outbound',
    number,
    gatewayUuid: gateway.gatewayUuid,
    gateway: gateway.gateway,
    callerIdNumber: gateway.gateway,
  };
}

/** Fisher–Yates on a copy; a random source straying outside [0, 1) cannot break it. */
function shuffled(members: readonly RingTarget[], random: () => number): RingTarget[] {
  const copy = [...members];
  for (let i = copy.length - 1; i > 0; i--) {
    const r = random();
    const j = r > 0 && r < 1 ? Math.floor(r * (i + 1)) : 0;
    [copy[i], copy[j]] = [copy[j] as RingTarget, copy[i] as RingTarget];
  }
  return copy;
}
