import { describe, expect, it } from 'vitest';
import {
  finalPlan,
  hangup,
  HANGUP_CAUSES,
  type HangupCause,
  type HangupReason,
  type RoutePlan,
} from './route-plan';

describe('hang-up plans', () => {
  const causes: [HangupReason, HangupCause][] = [
    ['invalid-input', 'INVALID_NUMBER_FORMAT'],
    ['unknown-number', 'UNALLOCATED_NUMBER'],
    ['disabled', 'UNALLOCATED_NUMBER'],
    ['speed-dial-unset', 'UNALLOCATED_NUMBER'],
    ['park-slot-unknown', 'UNALLOCATED_NUMBER'],
    ['do-not-disturb', 'USER_BUSY'],
    ['self-call', 'USER_BUSY'],
    ['no-answer', 'NO_ANSWER'],
    ['no-gateway', 'NO_ROUTE_DESTINATION'],
    ['schedule-missing', 'NO_ROUTE_DESTINATION'],
    ['no-condition', 'NO_ROUTE_DESTINATION'],
    ['schedule-hangup', 'NORMAL_CLEARING'],
    ['announcement-missing', 'NORMAL_CLEARING'],
    ['ivr-exit', 'NORMAL_CLEARING'],
    ['loop', 'EXCHANGE_ROUTING_ERROR'],
    ['too-deep', 'EXCHANGE_ROUTING_ERROR'],
  ];

  it.each(causes)('%s ends the call with %s', (reason, cause) => {
    expect(hangup(reason)).toEqual({ kind: 'hangup', cause, reason });
  });

  it('covers every reason, each with one shared frozen plan', () => {
    expect(Object.keys(HANGUP_CAUSES).sort()).toEqual(causes.map(([reason]) => reason).sort());
    expect(hangup('loop')).toBe(hangup('loop'));
    expect(Object.isFrozen(hangup('loop'))).toBe(true);
  });
});

describe('finalPlan', () => {
  it('unwraps nested incoming and transfer hops', () => {
    const ring: RoutePlan = { kind: 'announce', file: 'a.wav' };
    const plan: RoutePlan = {
      kind: 'incoming',
      number: '0312345678',
      callerIdNamePrefix: '',
      dialplanNumber: '8001',
      conditionName: 'anti',
      conditionType: 'anti',
      conditionOrder: 999,
      actionType: 'transfer',
      then: {
        kind: 'transfer',
        reason: 'schedule',
        number: '1001',
        then: { kind: 'transfer', reason: 'forward', number: '1002', then: ring },
      },
    };
    expect(finalPlan(plan)).toBe(ring);
    expect(finalPlan(ring)).toBe(ring);
  });
});
