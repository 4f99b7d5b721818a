import { describe, expect, it } from 'vitest';
import { answeredElsewhere, cdrDialNumber, isMissed, type CdrItem } from './cdr';

type Leg = Pick<CdrItem, 'direction' | 'callerIdNumber' | 'destinationNumber'>;

describe('cdrDialNumber', () => {
  it('gives the destination of an outbound call and the caller of an inbound one', () => {
    const outbound: Leg = { direction: 'outbound', callerIdNumber: '1001', destinationNumber: '0312345678' };
    const inbound: Leg = { direction: 'inbound', callerIdNumber: '0312345678', destinationNumber: '1001' };
    expect(cdrDialNumber(outbound, '1001')).toBe('0312345678');
    expect(cdrDialNumber(inbound, '1001')).toBe('0312345678');
    expect(cdrDialNumber({ ...inbound, callerIdNumber: 'Anonymous' }, '1001')).toBe('Anonymous');
  });

  it('gives the other extension of a local call, in either direction', () => {
    // 1001 called 1002: each side's record names the same two extensions.
    const call: Leg = { direction: 'local', callerIdNumber: '1001', destinationNumber: '1002' };
    expect(cdrDialNumber(call, '1001')).toBe('1002');
    expect(cdrDialNumber(call, '1002')).toBe('1001');
  });

  it('without the own number gives the caller, as the spec words the rule', () => {
    const call: Leg = { direction: 'local', callerIdNumber: '1001', destinationNumber: '1002' };
    expect(cdrDialNumber(call, null)).toBe('1001');
  });
});

describe('isMissed', () => {
  it('is true for a call nobody talked on', () => {
    expect(isMissed({ billsec: 0 })).toBe(true);
    expect(isMissed({ billsec: 12 })).toBe(false);
  });
});

describe('answered elsewhere', () => {
  it('is a rung leg that lost the race or was picked up, never one that was talked on', () => {
    expect(answeredElsewhere({ billsec: 0, hangupCause: 'LOSE_RACE' })).toBe(true);
    expect(answeredElsewhere({ billsec: 0, hangupCause: 'PICKED_OFF' })).toBe(true);
    expect(answeredElsewhere({ billsec: 0, hangupCause: 'NO_ANSWER' })).toBe(false);
    expect(answeredElsewhere({ billsec: 0, hangupCause: 'ORIGINATOR_CANCEL' })).toBe(false);
    expect(answeredElsewhere({ billsec: 4, hangupCause: 'LOSE_RACE' })).toBe(false);
  });

  it('is not missed', () => {
    expect(isMissed({ billsec: 0, answeredElsewhere: true })).toBe(false);
    expect(isMissed({ billsec: 0, answeredElsewhere: false })).toBe(true);
  });
});
