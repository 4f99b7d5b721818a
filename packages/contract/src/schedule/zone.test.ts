import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  civilFromDays,
  daysFromCivil,
  endOfMonthAfter,
  formatDate,
  parseDate,
  parseTime,
  weekdayOf,
} from './calendar';
import { isTimeZone, todayIn, zoneClock } from './zone';

describe('calendar', () => {
  it('matches Date.UTC day by day over four centuries', () => {
    for (let days = daysFromCivil(1900, 1, 1); days <= daysFromCivil(2300, 12, 31); days += 1) {
      const date = new Date(days * DAY_MS);
      const civil = civilFromDays(days);
      if (
        civil.year !== date.getUTCFullYear() ||
        civil.month !== date.getUTCMonth() + 1 ||
        civil.day !== date.getUTCDate() ||
        weekdayOf(days) !== date.getUTCDay() ||
        daysFromCivil(civil.year, civil.month, civil.day) !== days
      ) {
        expect.fail(`day ${days}: ${JSON.stringify(civil)} vs ${date.toISOString()}`);
      }
    }
  });

  it('reads and writes dates and times strictly', () => {
    expect(formatDate(parseDate('2024-02-29') ?? 0)).toBe('2024-02-29');
    expect(['2025-02-29', '2024-13-01', '2024-1-01', ''].map(parseDate)).toEqual([null, null, null, null]);
    expect(['00:00', '23:59', '24:00', '9:00'].map(parseTime)).toEqual([0, 1439, null, null]);
  });

  it('finds the end of the month some months later', () => {
    const at = (date: string, months: number) => formatDate(endOfMonthAfter(parseDate(date) ?? 0, months));
    expect(at('2024-01-31', 1)).toBe('2024-02-29');
    expect(at('2024-11-15', 12)).toBe('2025-11-30');
    expect(at('2024-12-01', 0)).toBe('2024-12-31');
  });
});

/** The wall-clock ms of an instant straight from Intl, to check the cached clock against. */
function intlWall(instant: number, timeZone: string): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part = (type: string) => Number(format.formatToParts(instant).find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall + (((instant % 1000) + 1000) % 1000);
}

describe('zone clock', () => {
  it.each([
    ['America/New_York', '2024-03-10T06:00:00Z'],
    ['America/New_York', '2024-11-03T05:00:00Z'],
    ['Australia/Lord_Howe', '2025-04-05T14:00:00Z'],
    ['America/St_Johns', '2025-03-09T04:00:00Z'],
    ['Asia/Tokyo', '1951-09-08T14:00:00Z'],
  ])('matches Intl minute by minute around a transition in %s (%s)', (zone, around) => {
    const clock = zoneClock(zone);
    const start = Date.parse(around) - 3 * 3_600_000;
    for (let t = start; t < start + 6 * 3_600_000; t += 60_000) {
      for (const instant of [t, t + 59_999]) {
        if (clock.wallOf(instant) !== intlWall(instant, zone))
          expect.fail(`${zone} ${new Date(instant).toISOString()}`);
      }
    }
  });

  it('resolves skipped and repeated wall times', () => {
    const ny = zoneClock('America/New_York');
    expect(new Date(ny.instantOf(Date.UTC(2024, 2, 10, 1, 30))).toISOString()).toBe(
      '2024-03-10T06:30:00.000Z',
    );
    // 02:30 does not exist that night: it reads as 03:30 EDT.
    expect(new Date(ny.instantOf(Date.UTC(2024, 2, 10, 2, 30))).toISOString()).toBe(
      '2024-03-10T07:30:00.000Z',
    );
    // 01:30 happens twice: the first (EDT) is taken.
    expect(new Date(ny.instantOf(Date.UTC(2024, 10, 3, 1, 30))).toISOString()).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(new Date(zoneClock().instantOf(Date.UTC(2024, 11, 31, 23, 59))).toISOString()).toBe(
      '2024-12-31T14:59:00.000Z',
    );
  });

  it("gives today's date in the tenant's zone", () => {
    const instant = Date.parse('2024-12-31T15:30:00Z');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2025-01-01');
    expect(todayIn('America/New_York', instant)).toBe('2024-12-31');
  });

  it('knows valid zones', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Asia/Osaka')).toBe(false);
  });
});
