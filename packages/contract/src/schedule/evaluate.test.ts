import { afterEach, describe, expect, it } from 'vitest';
import { chart, slotInstant } from './chart';
import { compileSchedule, evaluate } from './evaluate';
import { MON_FRI, anti, dateTime, days, mday, scheduleOf, wtime } from './testing';

const TOKYO = 'Asia/Tokyo';
const NEW_YORK = 'America/New_York';

const office = scheduleOf([
  anti({ timeConditionActionType: 'vmail', timeConditionVoiceMail: 'office@example.jp' }),
  wtime('昼休み', 800, '12:00-13:00', {
    ...MON_FRI,
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'lunch.wav',
  }),
  wtime('平日', 810, '09:00-18:00', {
    ...MON_FRI,
    timeConditionActionType: 'transfer',
    timeConditionTransfer: '0312345678',
  }),
  wtime('会議', 0, '15:00-15:30', {
    ...days(3),
    timeConditionActionType: 'action',
    timeConditionAction: '1001',
  }),
  wtime('土曜', 820, '10:00-14:00', {
    ...days(6),
    timeConditionActionType: 'action',
    timeConditionAction: '300',
  }),
  wtime('深夜', 830, '22:00-06:00', { ...days(5), timeConditionActionType: 'hangup' }),
  wtime('日曜夜', 840, '20:00-23:59', {
    ...days(0),
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'closed.wav',
  }),
  wtime('停止中', 805, '00:00-24:00', { ...days(0, 1, 2, 3, 4, 5, 6), timeConditionEnabled: 'false' }),
  mday('停止中の11月', 500, '11', '1-30', {
    timeConditionEnabled: 'false',
    timeConditionActionType: 'action',
  }),
  mday('年末', 520, '12', '29-31', { timeConditionActionType: 'hangup' }),
  mday('正月', 521, '1', '1-3', {
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'newyear.wav',
  }),
  mday('閏日', 530, '2', '29-29', { timeConditionActionType: 'action', timeConditionAction: '1002' }),
  mday('月末', 540, '4', '30-30', {
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'inventory.wav',
  }),
  dateTime('保守', 510, '2024-11-26 12:30:00~2024-11-27 09:10:59', {
    timeConditionActionType: 'transfer',
    timeConditionTransfer: '09012345678',
  }),
  dateTime('カウントダウン', 502, '2024-12-31 20:00:00~2025-01-01 01:00:59', {
    timeConditionActionType: 'action',
    timeConditionAction: '1003',
  }),
]);

const newYork = scheduleOf([
  anti(),
  wtime('早朝', 800, '01:00-03:00', {
    ...days(0),
    timeConditionActionType: 'announce',
    timeConditionAnnounce: 'a.wav',
  }),
  wtime('平日', 810, '09:00-17:00', {
    ...MON_FRI,
    timeConditionActionType: 'transfer',
    timeConditionTransfer: '5551234',
  }),
  mday('大晦日', 500, '12', '31', { timeConditionActionType: 'action', timeConditionAction: '1001' }),
]);

/** [what is checked, instant with the zone's own offset (or Z), expected condition name]. */
const tokyoCases: [string, string, string][] = [
  ['before weekday start', '2024-11-25T08:59:59.999+09:00', 'anti'],
  ['weekday start is inclusive', '2024-11-25T09:00:00+09:00', '平日'],
  ['just before lunch', '2024-11-25T11:59:59.999+09:00', '平日'],
  ['lunch (lower priority number) beats weekday', '2024-11-25T12:00:00+09:00', '昼休み'],
  ['last instant of lunch', '2024-11-25T12:59:59.999+09:00', '昼休み'],
  ['lunch end is exclusive', '2024-11-25T13:00:00+09:00', '平日'],
  ['last slot of the weekday', '2024-11-25T17:50:00+09:00', '平日'],
  ['last instant of the weekday', '2024-11-25T17:59:59.999+09:00', '平日'],
  ['weekday end is exclusive', '2024-11-25T18:00:00+09:00', 'anti'],
  ['disabled all-day wtime and disabled November mday do not apply', '2024-11-25T00:00:00+09:00', 'anti'],
  ['priority 0 beats 810', '2024-11-27T15:00:00+09:00', '会議'],
  ['last instant of the meeting', '2024-11-27T15:29:59.999+09:00', '会議'],
  ['after the meeting', '2024-11-27T15:30:00+09:00', '平日'],
  ['before the one-off range', '2024-11-26T12:29:59.999+09:00', '昼休み'],
  ['one-off start is inclusive and beats wtime', '2024-11-26T12:30:00+09:00', '保守'],
  ['one-off range at night', '2024-11-26T23:50:00+09:00', '保守'],
  ['one-off range over midnight', '2024-11-27T00:00:00+09:00', '保守'],
  ['one-off end minute is a slot', '2024-11-27T09:10:00+09:00', '保守'],
  ['one-off end second is inclusive', '2024-11-27T09:10:59.999+09:00', '保守'],
  ['after the one-off range', '2024-11-27T09:11:00+09:00', '平日'],
  ['Saturday start', '2024-11-30T10:00:00+09:00', '土曜'],
  ['Saturday last instant', '2024-11-30T13:59:59.999+09:00', '土曜'],
  ['Saturday end', '2024-11-30T14:00:00+09:00', 'anti'],
  ['Friday evening gap', '2024-11-29T21:59:59.999+09:00', 'anti'],
  ['overnight start', '2024-11-29T22:00:00+09:00', '深夜'],
  ['overnight before midnight', '2024-11-29T23:59:59.999+09:00', '深夜'],
  ['overnight after midnight belongs to the start day', '2024-11-30T00:00:00+09:00', '深夜'],
  ['overnight last slot', '2024-11-30T05:50:00+09:00', '深夜'],
  ['overnight end', '2024-11-30T06:00:00+09:00', 'anti'],
  ['Friday early morning is Thursday night', '2024-11-29T03:00:00+09:00', 'anti'],
  ['before Sunday evening', '2024-12-01T19:59:59.999+09:00', 'anti'],
  ['Sunday last slot', '2024-12-01T23:50:00+09:00', '日曜夜'],
  ['end 23:59 runs to midnight', '2024-12-01T23:59:59.999+09:00', '日曜夜'],
  ['Monday midnight', '2024-12-02T00:00:00+09:00', 'anti'],
  ['day before the yearly range', '2024-12-28T23:59:59.999+09:00', 'anti'],
  ['yearly 12/29 start', '2024-12-29T00:00:00+09:00', '年末'],
  ['yearly beats weekday', '2024-12-30T10:00:00+09:00', '年末'],
  ['yearly before one-off', '2024-12-31T19:59:59.999+09:00', '年末'],
  ['one-off 502 beats yearly 520', '2024-12-31T20:00:00+09:00', 'カウントダウン'],
  ['one-off across the year end', '2025-01-01T00:00:00+09:00', 'カウントダウン'],
  ['one-off last instant', '2025-01-01T01:00:59.999+09:00', 'カウントダウン'],
  ['after one-off, the new-year range', '2025-01-01T01:01:00+09:00', '正月'],
  ['yearly last instant', '2025-01-03T23:59:59.999+09:00', '正月'],
  ['Friday overnight continues after a date rule ends', '2025-01-04T00:00:00+09:00', '深夜'],
  ['yearly rule in another year', '2025-12-31T12:00:00+09:00', '年末'],
  ['leap day', '2024-02-29T10:00:00+09:00', '閏日'],
  ['day before leap day', '2024-02-28T23:59:59.999+09:00', 'anti'],
  ['day after leap day', '2024-03-01T00:00:00+09:00', 'anti'],
  ['Feb 28 of a common year', '2025-02-28T10:00:00+09:00', '平日'],
  ['next leap day', '2028-02-29T10:00:00+09:00', '閏日'],
  ['month-end rule start', '2025-04-30T00:00:00+09:00', '月末'],
  ['month-end rule last instant', '2025-04-30T23:59:59.999+09:00', '月末'],
  ['first of the next month', '2025-05-01T00:00:00+09:00', 'anti'],
  ['UTC midnight is 09:00 in Tokyo', '2024-11-25T00:00:00Z', '平日'],
  ['UTC afternoon is the next day in Tokyo', '2024-12-28T15:00:00Z', '年末'],
];

const newYorkCases: [string, string, string][] = [
  ['last instant before the spring-forward jump', '2024-03-10T01:59:59.999-05:00', '早朝'],
  ['after the jump the wall clock reads 03:00', '2024-03-10T03:00:00-04:00', 'anti'],
  ['before the Sunday range', '2024-03-10T00:59:59.999-05:00', 'anti'],
  ['first 01:30 of the fall-back night', '2024-11-03T01:30:00-04:00', '早朝'],
  ['second 01:30 of the fall-back night', '2024-11-03T01:30:00-05:00', '早朝'],
  ['02:00 after falling back', '2024-11-03T02:00:00-05:00', '早朝'],
  ['03:00 after falling back', '2024-11-03T03:00:00-05:00', 'anti'],
  ['still Dec 31 in New York (Jan 1 in Tokyo)', '2024-12-31T23:59:59.999-05:00', '大晦日'],
  ['New Year in New York', '2025-01-01T00:00:00-05:00', 'anti'],
  ['yearly beats weekday', '2024-12-31T09:00:00-05:00', '大晦日'],
  ['weekday after DST ends', '2024-11-04T09:00:00-05:00', '平日'],
  ['weekday before start after DST begins', '2024-03-11T08:59:59.999-04:00', 'anti'],
];

const tables = [
  { zone: TOKYO, schedule: office, cases: tokyoCases },
  { zone: NEW_YORK, schedule: newYork, cases: newYorkCases },
];

/**
 * The cases the chart can be checked on, with their local date and slot: instants written with the
 * zone's offset at a slot start, and which the chart evaluates (not the repeated hour of a fall-back night).
 */
function chartedCases(zone: string, cases: [string, string, string][]) {
  return cases.flatMap(([what, iso, expected]) => {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):00(?:\.000)?[+-]\d{2}:\d{2}$/.exec(iso);
    if (!match || Number(match[3]) % 10 !== 0) return [];
    const date = match[1] ?? '';
    const slot = (Number(match[2]) * 60 + Number(match[3])) / 10;
    return slotInstant(date, slot, zone) === Date.parse(iso) ? [{ what, date, slot, expected }] : [];
  });
}

describe('evaluate', () => {
  it('has at least 40 cases', () => {
    expect(tokyoCases.length + newYorkCases.length).toBeGreaterThanOrEqual(40);
  });

  for (const { zone, schedule, cases } of tables) {
    describe(zone, () => {
      it.each(cases)('%s (%s → %s)', (_what, iso, expected) => {
        expect(evaluate(schedule, new Date(iso), zone)?.timeConditionName).toBe(expected);
        expect(compileSchedule(schedule, zone)(Date.parse(iso))?.timeConditionName).toBe(expected);
      });

      it.each(chartedCases(zone, cases))('chart agrees: $what', ({ date, slot, expected }) => {
        const condition = schedule.timeconditions.find((c) => c.timeConditionName === expected);
        expect(condition).toBeDefined();
        expect(chart(schedule, date, zone)[0]?.slots[slot]).toBe(condition?.timeConditionActionType);
      });
    });
  }

  it('checks at least 25 cases against the chart', () => {
    const charted = tables.flatMap(({ zone, cases }) => chartedCases(zone, cases));
    expect(charted.length).toBeGreaterThanOrEqual(25);
  });

  it('returns null when the schedule has no enabled default and nothing matches', () => {
    const schedule = scheduleOf([
      anti({ timeConditionEnabled: 'false' }),
      wtime('平日', 800, '09:00-17:00', MON_FRI),
    ]);
    expect(evaluate(schedule, new Date('2024-11-25T08:00:00+09:00'))).toBeNull();
    expect(evaluate(schedule, new Date('2024-11-25T10:00:00+09:00'))?.timeConditionName).toBe('平日');
  });

  it('gives equal priorities to the condition listed first', () => {
    const first = wtime('先', 800, '09:00-17:00', MON_FRI);
    const second = wtime('後', 800, '09:00-17:00', MON_FRI);
    const at = new Date('2024-11-25T10:00:00+09:00');
    expect(evaluate(scheduleOf([anti(), first, second]), at)?.timeConditionName).toBe('先');
    expect(evaluate(scheduleOf([anti(), second, first]), at)?.timeConditionName).toBe('後');
  });

  it('ignores unreadable and empty ranges', () => {
    const schedule = scheduleOf([
      anti(),
      wtime('空', 800, '10:00-10:00', MON_FRI),
      wtime('壊れ', 801, '9:00-17:00', MON_FRI),
      mday('壊れ日', 500, '13', '1-2'),
      dateTime('壊れ日時', 501, '2024/11/25 00:00~2024/11/26 00:00'),
    ]);
    expect(evaluate(schedule, new Date('2024-11-25T10:00:00+09:00'))?.timeConditionName).toBe('anti');
  });

  it('reads a date-time end without seconds as the whole minute', () => {
    const schedule = scheduleOf([anti(), dateTime('短', 500, '2024-11-25 10:00~2024-11-25 10:05')]);
    expect(evaluate(schedule, new Date('2024-11-25T10:05:59.999+09:00'))?.timeConditionName).toBe('短');
    expect(evaluate(schedule, new Date('2024-11-25T10:06:00+09:00'))?.timeConditionName).toBe('anti');
  });

  it('defaults to Asia/Tokyo and rejects invalid instants and zones', () => {
    expect(evaluate(office, new Date('2024-11-25T00:00:00Z'))?.timeConditionName).toBe('平日');
    expect(() => evaluate(office, new Date('x'))).toThrow(RangeError);
    expect(() => evaluate(office, 0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('the process time zone is irrelevant', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(['UTC', 'Pacific/Honolulu', 'Europe/London', 'Asia/Kolkata'])('TZ=%s', (tz) => {
    process.env.TZ = tz;
    // The change must really reach Date's local methods, or this test would prove nothing.
    expect(new Date('2024-07-01T00:00:00Z').getTimezoneOffset()).toBe(
      { UTC: 0, 'Pacific/Honolulu': 600, 'Europe/London': -60, 'Asia/Kolkata': -330 }[tz],
    );
    for (const { zone, schedule, cases } of tables) {
      for (const [, iso, expected] of cases) {
        expect(evaluate(schedule, new Date(iso), zone)?.timeConditionName).toBe(expected);
      }
    }
    expect(chart(office, '2024-12-29', TOKYO)[2]?.slots[120]).toBe('action');
  });
});
