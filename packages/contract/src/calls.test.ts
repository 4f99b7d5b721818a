import { describe, expect, it } from 'vitest';
import {
  closesRecall,
  foldCall,
  isMissedCall,
  isOutOfHoursCondition,
  needsRecall,
  type CallLegFacts,
  type FoldedCall,
} from './calls';

const T0 = Date.parse('2026-11-26T01:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);
const CALLER = '0312345678';
const DID = '0501234567';

/** A leg of call 'c1', from second `from` to `to`; answered at `answer` when given. */
function leg(
  id: string,
  from: number,
  to: number,
  over: Partial<CallLegFacts> & { answer?: number } = {},
): CallLegFacts {
  const { answer, ...rest } = over;
  return {
    legUuid: id,
    callId: 'c1',
    originating: false,
    direction: 'inbound',
    extension: null,
    callerIdNumber: CALLER,
    destinationNumber: DID,
    startStamp: at(from),
    answerStamp: answer === undefined ? null : at(answer),
    endStamp: at(to),
    hangupCause: 'NORMAL_CLEARING',
    bridged: false,
    endedIn: '',
    outOfHours: false,
    ...rest,
  };
}
/** The outside caller's leg of an inbound call. */
const caller = (to: number, over: Partial<CallLegFacts> & { answer?: number } = {}) =>
  leg('a', 0, to, { originating: true, ...over });
/** A phone the call rang. */
const rung = (
  ext: string,
  from: number,
  to: number,
  over: Partial<CallLegFacts> & { answer?: number } = {},
) => leg(`b-${ext}-${from}`, from, to, { extension: ext, destinationNumber: ext, ...over });
const noAnswer = { hangupCause: 'NO_ANSWER' };

type Expected = Partial<FoldedCall> & { missed: boolean; recall: boolean; closes: boolean };

const table: [string, CallLegFacts[], Expected][] = [
  [
    'answered directly',
    [caller(65, { bridged: true, answer: 5 }), rung('1001', 0, 65, { bridged: true, answer: 5 })],
    {
      kind: 'inbound',
      result: 'answered',
      agentExtension: '1001',
      outsideNumber: CALLER,
      incomingNumber: DID,
      ringSeconds: 5,
      talkSeconds: 60,
      missed: false,
      recall: false,
      closes: true,
    },
  ],
  [
    'answered by the third ring-group member',
    [
      caller(100, { bridged: true, answer: 40 }),
      rung('1001', 0, 20, noAnswer),
      rung('1002', 20, 40, noAnswer),
      rung('1003', 40, 100, { bridged: true, answer: 40 }),
    ],
    {
      kind: 'inbound',
      result: 'answered',
      agentExtension: '1003',
      ringSeconds: 40,
      talkSeconds: 60,
      legCount: 4,
      missed: false,
      recall: false,
      closes: true,
    },
  ],
  [
    'nobody answered (ring group)',
    [
      caller(30, { hangupCause: 'ORIGINATOR_CANCEL' }),
      rung('1001', 0, 30, { hangupCause: 'ORIGINATOR_CANCEL' }),
      rung('1002', 0, 30, { hangupCause: 'ORIGINATOR_CANCEL' }),
      rung('1003', 0, 30, { hangupCause: 'ORIGINATOR_CANCEL' }),
    ],
    {
      kind: 'inbound',
      result: 'missed',
      agentExtension: null,
      ringSeconds: 30,
      talkSeconds: 0,
      answerStamp: null,
      missed: true,
      recall: true,
      closes: false,
    },
  ],
  [
    'abandoned in the IVR (the menu answered, nobody else did)',
    [caller(25, { answer: 0, endedIn: 'ivr' })],
    {
      kind: 'inbound',
      result: 'abandoned_ivr',
      agentExtension: null,
      talkSeconds: 0,
      missed: true,
      recall: true,
      closes: false,
    },
  ],
  [
    'transferred (1001 answered, then put it through to 1002)',
    [
      caller(200, { bridged: true, answer: 3 }),
      rung('1001', 0, 60, { bridged: true, answer: 3 }),
      rung('1002', 60, 200, { bridged: true, answer: 70 }),
    ],
    {
      kind: 'inbound',
      result: 'answered',
      agentExtension: '1001',
      ringSeconds: 3,
      talkSeconds: 197,
      missed: false,
      recall: false,
      closes: true,
    },
  ],
  [
    'parked and retrieved (the outside caller’s call)',
    [
      caller(300, { bridged: true, answer: 4, endedIn: 'park' }),
      rung('1001', 0, 30, { bridged: true, answer: 4 }),
    ],
    {
      kind: 'inbound',
      result: 'answered',
      agentExtension: '1001',
      talkSeconds: 296,
      missed: false,
      recall: false,
      closes: true,
    },
  ],
  [
    'parked and retrieved (the retrieving colleague’s own call to the slot)',
    [
      leg('r', 30, 300, {
        callId: 'c2',
        originating: true,
        direction: 'local',
        extension: '1002',
        callerIdNumber: '1002',
        destinationNumber: '5901',
        bridged: true,
        answer: 30,
      }),
    ],
    {
      callId: 'c2',
      kind: 'internal',
      result: 'answered',
      agentExtension: '1002',
      outsideNumber: null,
      missed: false,
      recall: false,
      closes: false,
    },
  ],
  [
    'out of hours (closed schedule, to voicemail)',
    [caller(40, { answer: 0, outOfHours: true, endedIn: 'voicemail' })],
    { kind: 'inbound', result: 'out_of_hours', missed: true, recall: true, closes: false },
  ],
  [
    'to voicemail after ringing',
    [caller(60, { answer: 20, endedIn: 'voicemail' }), rung('1001', 0, 20, noAnswer)],
    {
      kind: 'inbound',
      result: 'voicemail',
      agentExtension: null,
      talkSeconds: 0,
      missed: true,
      recall: true,
      closes: false,
    },
  ],
  [
    'click-to-call (own phone first, then the customer answered)',
    [
      leg('a', 0, 90, {
        originating: true,
        direction: 'outbound',
        extension: '1001',
        callerIdNumber: '1001',
        destinationNumber: CALLER,
        bridged: true,
        answer: 2,
      }),
      leg('b', 2, 90, {
        direction: 'outbound',
        callerIdNumber: '1001',
        destinationNumber: CALLER,
        bridged: true,
        answer: 10,
      }),
    ],
    {
      kind: 'outbound',
      result: 'answered',
      agentExtension: '1001',
      outsideNumber: CALLER,
      incomingNumber: null,
      ringSeconds: 10,
      talkSeconds: 80,
      missed: false,
      recall: false,
      closes: true,
    },
  ],
  [
    'outbound, the other side was busy',
    [
      leg('a', 0, 5, {
        originating: true,
        direction: 'local',
        extension: '1001',
        callerIdNumber: '1001',
        destinationNumber: CALLER,
        hangupCause: 'USER_BUSY',
      }),
      leg('b', 0, 5, {
        direction: 'outbound',
        callerIdNumber: '1001',
        destinationNumber: CALLER,
        hangupCause: 'USER_BUSY',
      }),
    ],
    { kind: 'outbound', result: 'busy', agentExtension: '1001', missed: false, recall: false, closes: false },
  ],
  [
    'outbound, nobody picked up',
    [
      leg('a', 0, 30, {
        originating: true,
        direction: 'outbound',
        extension: '1001',
        callerIdNumber: '1001',
        destinationNumber: CALLER,
        hangupCause: 'ORIGINATOR_CANCEL',
      }),
    ],
    { kind: 'outbound', result: 'failed', missed: false, recall: false, closes: false },
  ],
  [
    'internal call answered',
    [
      leg('a', 0, 50, {
        originating: true,
        direction: 'local',
        extension: '1001',
        callerIdNumber: '1001',
        destinationNumber: '1002',
        bridged: true,
        answer: 5,
      }),
      leg('b', 0, 50, {
        direction: 'local',
        extension: '1002',
        callerIdNumber: '1001',
        destinationNumber: '1002',
        bridged: true,
        answer: 5,
      }),
    ],
    {
      kind: 'internal',
      result: 'answered',
      agentExtension: '1001',
      calleeNumber: '1002',
      outsideNumber: null,
      missed: false,
      recall: false,
      closes: false,
    },
  ],
  [
    'internal call nobody answered',
    [
      leg('a', 0, 20, {
        originating: true,
        direction: 'local',
        extension: '1001',
        callerIdNumber: '1001',
        destinationNumber: '1002',
        hangupCause: 'ORIGINATOR_CANCEL',
      }),
      leg('b', 0, 20, {
        direction: 'local',
        extension: '1002',
        destinationNumber: '1002',
        hangupCause: 'ORIGINATOR_CANCEL',
      }),
    ],
    { kind: 'internal', result: 'missed', missed: false, recall: false, closes: false },
  ],
  [
    'inbound to an extension that was busy',
    [caller(2, { hangupCause: 'USER_BUSY' }), rung('1001', 0, 2, { hangupCause: 'USER_BUSY' })],
    { kind: 'inbound', result: 'busy', missed: true, recall: true, closes: false },
  ],
  [
    'inbound to a number that routes nowhere',
    [caller(0, { hangupCause: 'NO_ROUTE_DESTINATION' })],
    { kind: 'inbound', result: 'failed', missed: false, recall: false, closes: false },
  ],
  [
    'anonymous caller nobody answered: missed, but nothing to call back',
    [
      caller(30, { callerIdNumber: 'Anonymous', hangupCause: 'ORIGINATOR_CANCEL' }),
      rung('1001', 0, 30, noAnswer),
    ],
    { kind: 'inbound', result: 'missed', missed: true, recall: false, closes: false },
  ],
];

describe('foldCall: one call from its legs, "missed" defined once', () => {
  it.each(table)('%s', (_name, legs, expected) => {
    const { missed, recall, closes, ...fields } = expected;
    const call = foldCall(legs);
    expect(call).toMatchObject(fields);
    expect(isMissedCall(call)).toBe(missed);
    expect(needsRecall(call)).toBe(recall);
    expect(closesRecall(call)).toBe(closes);
  });

  it('gives the same call whatever order the legs arrive in, and counts a leg delivered twice once', () => {
    for (const [, legs] of table) {
      const forward = foldCall(legs);
      expect(foldCall([...legs].reverse())).toEqual(forward);
      expect(foldCall([...legs, ...legs])).toEqual(forward);
    }
  });

  it('refuses an empty list of legs', () => {
    expect(() => foldCall([])).toThrow();
  });
});

describe('isOutOfHoursCondition', () => {
  it('treats the default and holiday conditions as closed, business-hour conditions as open', () => {
    expect(isOutOfHoursCondition('anti')).toBe(true);
    expect(isOutOfHoursCondition('holiday')).toBe(true);
    expect(isOutOfHoursCondition('wtime')).toBe(false);
    expect(isOutOfHoursCondition('mday')).toBe(false);
  });
});
