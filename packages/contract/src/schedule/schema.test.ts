import { describe, expect, it } from 'vitest';
import {
  ANTI_ORDER,
  MAX_CONDITIONS,
  antiOf,
  dialplanSchema,
  firstFreeOrder,
  newCondition,
  newSchedule,
  timeConditionSchema,
} from './schema';
import { anti, scheduleOf, wtime } from './testing';

describe('newSchedule', () => {
  it('applies the dialplan defaults and adds the default condition', () => {
    const schedule = newSchedule(' 本社 ', { domainUuid: null, domainName: 'tenant-a.example' });
    expect(schedule).toMatchObject({
      dialplanName: '本社',
      dialplanContext: 'tenant-a.example',
      dialplanOrder: 300,
      dialplanContinue: 'true',
      dialplanEnabled: 'true',
    });
    expect(schedule.timeconditions).toHaveLength(1);
    expect(antiOf(schedule)).toMatchObject({
      timeConditionName: 'anti',
      timeConditionType: 'anti',
      timeConditionActionType: 'hangup',
      timeConditionVoiceMailId: 0,
      timeConditionEnabled: 'true',
      timeConditionOrder: ANTI_ORDER,
    });
  });
});

describe('newCondition', () => {
  it('defaults wtime to hang up, 09:00–17:00, no weekday and priority 800', () => {
    expect(newCondition('wtime')).toMatchObject({
      timeConditionType: 'wtime',
      timeConditionActionType: 'hangup',
      timeConditionTimeOfDay: '09:00-17:00',
      timeConditionOrder: 800,
      timeCondition1: 'false',
      timeCondition7: 'false',
    });
  });

  it('defaults mday to hang up and priority 500', () => {
    expect(newCondition('mday')).toMatchObject({
      timeConditionType: 'mday',
      timeConditionActionType: 'hangup',
      timeConditionTimeOfDay: '',
      timeConditionOrder: 500,
    });
  });

  it('takes the lowest free priority of its range', () => {
    const taken = [wtime('a', 800, '09:00-10:00'), wtime('b', 801, '09:00-10:00'), anti()];
    expect(newCondition('wtime', taken).timeConditionOrder).toBe(802);
    const full = Array.from({ length: 100 }, (_, i) => wtime('x', 500 + i, '09:00-10:00'));
    expect(firstFreeOrder('date-time', full)).toBe(500);
  });
});

describe('schemas', () => {
  it('fills stored defaults and rejects malformed flags', () => {
    const parsed = timeConditionSchema.parse({ timeConditionType: 'wtime', timeConditionOrder: 800 });
    expect(parsed).toMatchObject({
      timeConditionEnabled: 'true',
      timeConditionMday: '',
      timeConditionVoiceMailId: 0,
    });
    expect(
      timeConditionSchema.safeParse({
        timeConditionType: 'wtime',
        timeConditionOrder: 800,
        timeCondition1: 'yes',
      }).success,
    ).toBe(false);
    expect(
      timeConditionSchema.safeParse({ timeConditionType: 'weekly', timeConditionOrder: 800 }).success,
    ).toBe(false);
    expect(
      timeConditionSchema.safeParse({ timeConditionType: 'wtime', timeConditionOrder: 8.5 }).success,
    ).toBe(false);
  });

  it('bounds the number of conditions', () => {
    const conditions = Array.from({ length: MAX_CONDITIONS }, () => anti());
    expect(dialplanSchema.safeParse(scheduleOf(conditions)).success).toBe(true);
    const tooMany = { ...scheduleOf([]), timeconditions: [...conditions, anti()] };
    expect(dialplanSchema.safeParse(tooMany).success).toBe(false);
  });
});
