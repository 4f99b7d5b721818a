/** Builders of conditions and schedules for the schedule tests of the contract and the server (not in the index). */
import {
  WEEKDAY_KEYS,
  dialplanSchema,
  timeConditionSchema,
  type Dialplan,
  type TimeCondition,
  type WeekdayKey,
} from './schema';

type Overrides = Partial<TimeCondition>;

/** Weekday flags from Sunday-first indexes (0 = Sunday). */
export function days(...indexes: number[]): Record<WeekdayKey, 'true' | 'false'> {
  return Object.fromEntries(
    WEEKDAY_KEYS.map((key, i) => [key, indexes.includes(i) ? 'true' : 'false']),
  ) as Record<WeekdayKey, 'true' | 'false'>;
}

export const MON_FRI = days(1, 2, 3, 4, 5);

export function anti(overrides: Overrides = {}): TimeCondition {
  return timeConditionSchema.parse({
    timeConditionName: 'anti',
    timeConditionType: 'anti',
    timeConditionOrder: 999,
    ...overrides,
  });
}

export function wtime(
  name: string,
  order: number,
  timeOfDay: string,
  overrides: Overrides = {},
): TimeCondition {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'wtime',
    timeConditionOrder: order,
    timeConditionTimeOfDay: timeOfDay,
    ...overrides,
  });
}

export function mday(name: string, order: number, mon: string, dayRange: string, overrides: Overrides = {}) {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'mday',
    timeConditionOrder: order,
    timeConditionMon: mon,
    timeConditionMday: dayRange,
    ...overrides,
  });
}

export function dateTime(name: string, order: number, range: string, overrides: Overrides = {}) {
  return timeConditionSchema.parse({
    timeConditionName: name,
    timeConditionType: 'date-time',
    timeConditionOrder: order,
    timeConditionDateTime: range,
    ...overrides,
  });
}

export function scheduleOf(conditions: TimeCondition[], name = '本社'): Dialplan {
  return dialplanSchema.parse({
    dialplanName: name,
    dialplanContext: 'tenant-a.example',
    timeconditions: conditions,
  });
}
