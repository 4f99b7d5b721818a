/**
 * A number dialled by an extension (the tenant's internal context): the feature codes first
 * (park+59NN, *33<ext>, *8<ext>, *0NN, 59NN), then the tenant's numbers and outside numbers.
 */
import { dialString } from '@tsunagu/contract';
import { hangup, type ParkSlot, type RoutePlan } from './route-plan';
import { MAX_DIALLED_LENGTH, follow, routeNumber, type RouteContext } from './resolve';

const PARK = /^park\+(.*)$/i;
const MONITOR = /^\*33(\d+)$/;
const PICKUP = /^\*8(\d+)$/;
const SPEED_DIAL = /^\*0(\d\d)$/;
const FEATURE_CODE = /^\*[0-9*#]*$/;

/** Routes what an extension dialled. */
export function routeInternal(dialled: string, ctx: RouteContext): RoutePlan {
  // Checked before the dial string is made: stripping would turn 'park+5901' into retrieving 5901.
  const park = PARK.exec(dialled.replace(/\s+/g, ''));
  if (park) return parkPlan(park[1] ?? '', ctx);
  const number = dialString(dialled);
  if (number === '' || number.length > MAX_DIALLED_LENGTH) return hangup('invalid-input');
  if (number.startsWith('*')) return featureCode(number, ctx);
  const slot = slotOf(number, ctx);
  if (slot) return { kind: 'retrieve', ...slot };
  ctx.path.push(number);
  return routeNumber(number, ctx);
}

function parkPlan(slotNumber: string, ctx: RouteContext): RoutePlan {
  const slot = slotOf(slotNumber, ctx);
  return slot ? { kind: 'park', ...slot } : hangup('park-slot-unknown');
}

function slotOf(slotNumber: string, ctx: RouteContext): ParkSlot | undefined {
  return ctx.config.parkSlots.find((slot) => slot.slotNumber === slotNumber);
}

/**
 * *33<ext> monitors an extension, *8<ext> picks up the call ringing it, *0NN dials a speed number;
 * other codes are not offered.
 */
function featureCode(code: string, ctx: RouteContext): RoutePlan {
  const monitored = MONITOR.exec(code)?.[1];
  if (monitored !== undefined) return onColleague(monitored, ctx, 'monitor');
  const pickedUp = PICKUP.exec(code)?.[1];
  if (pickedUp !== undefined) return onColleague(pickedUp, ctx, 'pickup');
  const speed = SPEED_DIAL.exec(code)?.[1];
  if (speed !== undefined) {
    const number = ctx.config.speedDials.get(speed);
    return number === undefined ? hangup('speed-dial-unset') : follow(ctx, 'speed-dial', number);
  }
  return FEATURE_CODE.test(code) ? hangup('unknown-number') : hangup('invalid-input');
}

/** A feature code acting on a colleague's extension: never one's own, unknown or switched-off one. */
function onColleague(number: string, ctx: RouteContext, feature: 'monitor' | 'pickup'): RoutePlan {
  const extension = ctx.config.extensions.get(number);
  if (!extension) return hangup('unknown-number');
  if (!extension.enabled) return hangup('disabled');
  return extension.extension === ctx.caller ? hangup('self-call') : extension[feature];
}
