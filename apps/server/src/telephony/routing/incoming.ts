/**
 * A call from outside to one of the tenant's incoming numbers (the public context): the number's
 * business-hours schedule is read at the call's instant and its condition decides.
 */
import { dialString } from '@tsunagu/contract';
import type { TimeCondition } from '@tsunagu/contract';
import { hangup, type RoutePlan } from './route-plan';
import { MAX_DIALLED_LENGTH, follow, type RouteContext } from './resolve';
import { targetKind, type ScheduleEntry } from './tenant-config';

/** Routes a call to an incoming number at an instant (epoch ms). ctx.line is replaced by the number. */
export function routeIncoming(dialled: string, instant: number, ctx: RouteContext): RoutePlan {
  const number = dialString(dialled);
  if (number === '' || number.length > MAX_DIALLED_LENGTH) return hangup('invalid-input');
  const { config } = ctx;
  const destination = config.destinations.get(number);
  if (!destination) return hangup('unknown-number');
  if (!destination.enabled) return hangup('disabled');
  const schedule =
    destination.dialplanNumber === null ? undefined : config.schedules.get(destination.dialplanNumber);
  if (!schedule) return hangup('schedule-missing');
  return scheduledPlan(schedule, instant, number, destination.callerIdNamePrefix, ctx);
}

/**
 * An outside call reaching a schedule directly (「この番号に今かけたら?」 for a schedule no incoming number
 * names yet): as routeIncoming, with the schedule's number standing for the incoming one.
 */
export function routeSchedule(dialplanNumber: string, instant: number, ctx: RouteContext): RoutePlan {
  const schedule = ctx.config.schedules.get(dialplanNumber);
  if (!schedule) return hangup('schedule-missing');
  return scheduledPlan(schedule, instant, dialplanNumber, '', ctx);
}

/** What the schedule's condition at the instant does with a call that came in on `number`. */
function scheduledPlan(
  schedule: ScheduleEntry,
  instant: number,
  number: string,
  callerIdNamePrefix: string,
  ctx: RouteContext,
): RoutePlan {
  const condition = schedule.evaluate(instant);
  if (!condition) return hangup('no-condition');
  return {
    kind: 'incoming',
    number,
    callerIdNamePrefix,
    dialplanNumber: schedule.dialplanNumber,
    conditionName: condition.timeConditionName,
    conditionType: condition.timeConditionType,
    conditionOrder: condition.timeConditionOrder,
    actionType: condition.timeConditionActionType,
    // Calls sent back out leave on the line they came in on.
    then: conditionPlan(condition, schedule, { ...ctx, line: number }),
  };
}

/** Spec 4 "Time condition types": what the applying condition does with the call. */
function conditionPlan(condition: TimeCondition, schedule: ScheduleEntry, ctx: RouteContext): RoutePlan {
  switch (condition.timeConditionActionType) {
    case 'action': {
      // An action is one of the tenant's IVRs, ring groups or extensions, never an outside number.
      const number = dialString(condition.timeConditionAction);
      return targetKind(ctx.config, number) ? follow(ctx, 'schedule', number) : hangup('unknown-number');
    }
    case 'transfer':
      return follow(ctx, 'schedule', condition.timeConditionTransfer);
    case 'announce': {
      const file = condition.timeConditionAnnounce.trim();
      return file ? { kind: 'announce', file } : hangup('announcement-missing');
    }
    case 'vmail':
      // Only the default condition has absence fields on screen, so other conditions borrow them.
      return {
        kind: 'voicemail',
        email: condition.timeConditionVoiceMail.trim() || schedule.voicemail.email,
        announcement: condition.timeConditionVoiceMailAnnounce.trim() || schedule.voicemail.announcement,
      };
    default:
      return hangup('schedule-hangup');
  }
}
