/**
 * Business hours of a Japanese office (issue 17): public holidays and the tenant's closed days, the New
 * Year break 12/29 – 1/3 and weekday nights 22:00 – 06:00, each one rule. Every boundary is read in
 * the tenant's zone, whatever the process's TZ, and the chart shows what evaluate() answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chart, SLOT_MINUTES } from './chart';
import { compileSchedule, holidayNameOn } from './evaluate';
import { HOLIDAY_DATA_YEARS, nationalHolidayOn } from './holidays';
import { daysFromCivil, parseDate } from './calendar';
import { conditionSummary } from './format';
import { JAPANESE_OFFICE_CASES, japaneseOffice } from './testing';

const evaluate = compileSchedule(japaneseOffice, 'Asia/Tokyo');
const nameAt = (at: string) => evaluate(new Date(at))?.timeConditionName;

describe('a Japanese office, read in Asia/Tokyo whatever the process TZ', () => {
  const processZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = processZone;
  });

  it.each(JAPANESE_OFFICE_CASES)('%s (%s) → %s', (_what, at, name) => {
    expect(new Date('2026-11-24T22:00:00+09:00').getHours()).toBe(5); // the process really is elsewhere
    expect(nameAt(at)).toBe(name);
  });

  it('the chart shows what evaluate answers, at every case on a slot start', () => {
    for (const [, at, name] of JAPANESE_OFFICE_CASES) {
      const [date = '', time = ''] = at.slice(0, 19).split('T');
      const [h, m, s] = time.split(':').map(Number);
      if (s !== 0 || (m ?? 0) % SLOT_MINUTES !== 0) continue;
      const day = chart(japaneseOffice, date, 'Asia/Tokyo')[0];
      const slot = ((h ?? 0) * 60 + (m ?? 0)) / SLOT_MINUTES;
      const expected = japaneseOffice.timeconditions.find((c) => c.timeConditionName === name);
      expect(day?.slots[slot]).toBe(expected?.timeConditionActionType);
    }
  });

  it('the chart marks public holidays and the closed days by name', () => {
    const week = chart(japaneseOffice, '2026-11-22', 'Asia/Tokyo');
    expect(week.map((d) => d.holiday)).toEqual([null, '勤労感謝の日', null, null, null, null, null]);
    expect(week[1]?.slots.every((slot) => slot === 'announce')).toBe(true);
    expect(chart(japaneseOffice, '2027-06-15', 'Asia/Tokyo')[0]?.holiday).toBe('創立記念日');
  });

  it('a night rule on the day before the New Year break yields to the break at midnight', () => {
    // Monday 2026-12-28 22:00 is night; Tuesday 00:00 is in the break (the date layer comes first).
    expect(nameAt('2026-12-28T22:00:00+09:00')).toBe('夜間');
    expect(nameAt('2026-12-29T00:00:00+09:00')).toBe('年末年始');
  });

  it('reads the tenant zone: 00:00 in Tokyo is still the day before in UTC', () => {
    expect(nameAt('2026-11-22T15:00:00Z')).toBe('祝日・休業日');
    expect(compileSchedule(japaneseOffice, 'UTC')(new Date('2026-11-22T15:00:00Z'))?.timeConditionName).toBe(
      'anti',
    );
  });

  it('summarises the three rules in the list', () => {
    const [, holidays, newYear, , night] = japaneseOffice.timeconditions;
    expect(holidays && conditionSummary(holidays)).toBe('国民の祝日・創立記念日・棚卸し');
    expect(newYear && conditionSummary(newYear)).toBe('毎年 12/29〜翌01/03');
    expect(night && conditionSummary(night)).toBe('月〜金 22:00〜翌06:00');
  });
});

describe('holiday data', () => {
  it('covers 2026–2030 and beyond', () => {
    expect(HOLIDAY_DATA_YEARS.first).toBeLessThanOrEqual(2026);
    expect(HOLIDAY_DATA_YEARS.last).toBeGreaterThanOrEqual(2030);
    for (let year = 2026; year <= 2030; year++) {
      expect(nationalHolidayOn(daysFromCivil(year, 1, 1))).toBe('元日');
    }
  });

  it('names a holiday through a condition, public or own, and nothing on a working day', () => {
    const [, holidays] = japaneseOffice.timeconditions;
    if (!holidays) throw new Error('no holiday rule');
    expect(holidayNameOn(holidays, parseDate('2026-11-23') ?? 0)).toBe('勤労感謝の日');
    expect(holidayNameOn(holidays, parseDate('2026-06-15') ?? 0)).toBe('創立記念日');
    expect(holidayNameOn(holidays, parseDate('2026-11-24') ?? 0)).toBeNull();
  });
});
