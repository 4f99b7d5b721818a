import { describe, expect, it } from 'vitest';
import type { ActionType, TimeConditionType } from '@tsunagu/contract';
import { hangup, type RoutePlan } from './route-plan';
import { route } from './route';
import { callIn, config, uuid } from './testing';

const VOICEMAIL: RoutePlan = { kind: 'voicemail', email: 'office@example.jp', announcement: 'absent.wav' };
const RING_GROUP_300 = {
  kind: 'transfer',
  reason: 'schedule',
  number: '300',
  then: { kind: 'ringGroup', number: '300' },
};
const LUNCH: RoutePlan = { kind: 'announce', file: 'lunch.wav' };

/** [what, instant, condition name, its type, its action type, what follows]. */
const office: [string, string, string, TimeConditionType, ActionType, object][] = [
  [
    'Monday just before opening: default',
    '2025-06-09T08:59:59.999+09:00',
    'anti',
    'anti',
    'vmail',
    VOICEMAIL,
  ],
  ['opening minute is included', '2025-06-09T09:00:00+09:00', '平日', 'wtime', 'action', RING_GROUP_300],
  ['just before lunch', '2025-06-09T11:59:59.999+09:00', '平日', 'wtime', 'action', RING_GROUP_300],
  [
    'lunch (lower priority number) overlays the day',
    '2025-06-09T12:00:00+09:00',
    '昼休み',
    'wtime',
    'announce',
    LUNCH,
  ],
  ['last instant of lunch', '2025-06-09T12:59:59.999+09:00', '昼休み', 'wtime', 'announce', LUNCH],
  ['lunch end is excluded', '2025-06-09T13:00:00+09:00', '平日', 'wtime', 'action', RING_GROUP_300],
  ['last instant of the day', '2025-06-09T17:59:59.999+09:00', '平日', 'wtime', 'action', RING_GROUP_300],
  ['closing minute is excluded', '2025-06-09T18:00:00+09:00', 'anti', 'anti', 'vmail', VOICEMAIL],
  [
    'Saturday just before the transfer hours',
    '2025-06-14T09:59:59.999+09:00',
    'anti',
    'anti',
    'vmail',
    VOICEMAIL,
  ],
  [
    'Saturday transfers outside, on the line the call came in on',
    '2025-06-14T10:00:00+09:00',
    '土曜',
    'wtime',
    'transfer',
    {
      kind: 'transfer',
      reason: 'schedule',
      number: '09012345678',
      then: { kind: 'outbound', number: '09012345678', gatewayUuid: uuid(901), callerIdNumber: '0312345678' },
    },
  ],
  [
    'Sunday transfers to an extension',
    '2025-06-15T11:59:59.999+09:00',
    '日曜',
    'wtime',
    'transfer',
    {
      kind: 'transfer',
      reason: 'schedule',
      number: '1002',
      then: { kind: 'extension', target: { extension: '1002' } },
    },
  ],
  ['Sunday after the transfer hours', '2025-06-15T12:00:00+09:00', 'anti', 'anti', 'vmail', VOICEMAIL],
  [
    'the night before the year-end closure',
    '2025-12-28T23:59:59.999+09:00',
    'anti',
    'anti',
    'vmail',
    VOICEMAIL,
  ],
  [
    'year-end closure starts at midnight',
    '2025-12-29T00:00:00+09:00',
    '年末',
    'mday',
    'hangup',
    hangup('schedule-hangup'),
  ],
  [
    'a date beats weekday hours',
    '2025-12-29T10:00:00+09:00',
    '年末',
    'mday',
    'hangup',
    hangup('schedule-hangup'),
  ],
  [
    'read in Tokyo time: 15:00 UTC is midnight',
    '2025-12-28T15:00:00Z',
    '年末',
    'mday',
    'hangup',
    hangup('schedule-hangup'),
  ],
  [
    'a millisecond before is still the 28th in Tokyo',
    '2025-12-28T14:59:59.999Z',
    'anti',
    'anti',
    'vmail',
    VOICEMAIL,
  ],
  [
    'last instant of the closure',
    '2025-12-31T23:59:59.999+09:00',
    '年末',
    'mday',
    'hangup',
    hangup('schedule-hangup'),
  ],
  [
    'after it (a disabled January date does not apply)',
    '2026-01-01T00:00:00+09:00',
    'anti',
    'anti',
    'vmail',
    VOICEMAIL,
  ],
  [
    'a voicemail date without its own fields borrows the default’s',
    '2025-06-01T10:30:00+09:00',
    '創立記念日',
    'mday',
    'vmail',
    VOICEMAIL,
  ],
  [
    'a single-day date routes to an IVR',
    '2026-03-31T00:00:00+09:00',
    '棚卸',
    'mday',
    'action',
    { kind: 'transfer', reason: 'schedule', number: '500', then: { kind: 'ivr', number: '500' } },
  ],
  ['the day before it', '2026-03-30T23:59:59.999+09:00', 'anti', 'anti', 'vmail', VOICEMAIL],
  [
    'an action to a deleted extension',
    '2025-06-10T19:00:00+09:00',
    '欠番',
    'wtime',
    'action',
    hangup('unknown-number'),
  ],
  [
    'an announcement without a file',
    '2025-06-11T19:30:00+09:00',
    '無音',
    'wtime',
    'announce',
    hangup('announcement-missing'),
  ],
  [
    'an action is never an outside number',
    '2025-06-12T19:30:00+09:00',
    '外線アクション',
    'wtime',
    'action',
    hangup('unknown-number'),
  ],
];

describe('an incoming number follows its schedule (Asia/Tokyo)', () => {
  it.each(office)('%s', (_, at, conditionName, conditionType, actionType, then) => {
    expect(callIn('0312345678', at)).toMatchObject({
      kind: 'incoming',
      number: '0312345678',
      callerIdNamePrefix: '代表',
      dialplanNumber: '8001',
      conditionName,
      conditionType,
      actionType,
      then,
    });
  });

  it('reads the called number as a dial string', () => {
    expect(callIn('03-1234-5678', '2025-06-09T09:00:00+09:00')).toMatchObject({ conditionName: '平日' });
  });

  it('accepts the instant as epoch milliseconds', () => {
    const at = '2025-06-09T10:00:00+09:00';
    const plan = route(config, {
      dialled: '0312345682',
      caller: '',
      instant: Date.parse(at),
      context: 'public',
    });
    expect(plan).toEqual(callIn('0312345682', at));
    expect(plan).toMatchObject({
      callerIdNamePrefix: '',
      conditionName: '平日',
      then: { kind: 'transfer', number: '1002', then: { kind: 'extension' } },
    });
  });
});

describe('incoming numbers that cannot be followed', () => {
  const at = '2025-06-09T10:00:00+09:00';
  const cases: [string, string, string, RoutePlan][] = [
    ['a stopped number', '0312345679', at, hangup('disabled')],
    ['a number the tenant does not have', '0399999999', at, hangup('unknown-number')],
    ['a schedule that does not exist', '0312345680', at, hangup('schedule-missing')],
    ['a schedule of another context', '0312345681', at, hangup('schedule-missing')],
    ['a switched-off schedule', '0312345683', at, hangup('schedule-missing')],
    ['no schedule at all', '0312345684', at, hangup('schedule-missing')],
    [
      'a schedule without a default, out of its hours',
      '0312345682',
      '2025-06-09T20:00:00+09:00',
      hangup('no-condition'),
    ],
    ['an extension number is not an incoming number', '1002', at, hangup('unknown-number')],
    ['no feature codes from outside: monitor', '*331001', at, hangup('unknown-number')],
    ['no feature codes from outside: pick-up', '*81001', at, hangup('unknown-number')],
    ['no feature codes from outside: park', 'park+5901', at, hangup('unknown-number')],
  ];
  it.each(cases)('%s', (_, did, instant, expected) => {
    expect(callIn(did, instant)).toEqual(expected);
  });
});
