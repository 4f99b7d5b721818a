import { describe, expect, it } from 'vitest';
import { conditionToForm, endDateBounds, formToCondition, withStartDate, withYearly } from './form';
import { newCondition } from './schema';
import { MON_FRI, anti, dateTime, holiday, mday, wtime } from './testing';

describe('end date limits', () => {
  it('ends a yearly range the day before its start comes round again', () => {
    expect(endDateBounds('mday', '2024-02-10')).toEqual({ min: '2024-02-10', max: '2025-02-09' });
    expect(endDateBounds('mday', '2024-12-29')).toEqual({ min: '2024-12-29', max: '2025-12-28' });
    expect(endDateBounds('mday', '2024-02-29')).toEqual({ min: '2024-02-29', max: '2025-02-28' });
  });

  it('ends a one-off range with the month 12 months later', () => {
    expect(endDateBounds('date-time', '2024-01-15')).toEqual({ min: '2024-01-15', max: '2025-01-31' });
    expect(endDateBounds('date-time', '2024-02-29')).toEqual({ min: '2024-02-29', max: '2025-02-28' });
    expect(endDateBounds('date-time', '2024-12-01')).toEqual({ min: '2024-12-01', max: '2025-12-31' });
  });

  it('has none without a start date', () => {
    expect(endDateBounds('mday', '')).toBeNull();
  });
});

describe('dialog transitions', () => {
  const form = conditionToForm(newCondition('date-time'), '2024-11-25');

  it('moves the end to the chosen start day, at 23:59 for one-off ranges', () => {
    expect(withStartDate(form, '2024-12-24')).toMatchObject({
      mdayTemp1: '2024-12-24',
      mdayTemp2: '2024-12-24',
      timeTemp2: '23:59',
    });
    const yearly = withYearly(form, true);
    expect(withStartDate(yearly, '2024-12-24')).toMatchObject({
      mdayTemp2: '2024-12-24',
      timeTemp2: '17:00',
    });
  });

  it('switches between mday and date-time with the yearly box', () => {
    expect(withYearly(form, true).timeConditionType).toBe('mday');
    expect(withYearly(withYearly(form, true), false).timeConditionType).toBe('date-time');
  });
});

describe('stored condition ⇄ dialog values', () => {
  it('round-trips a wtime condition', () => {
    const condition = wtime('平日', 800, '09:00-18:00', MON_FRI);
    const form = conditionToForm(condition, '2024-11-25');
    expect(form).toMatchObject({ timeTemp1: '09:00', timeTemp2: '18:00', mdayTemp1: '' });
    expect(formToCondition(form)).toEqual(condition);
  });

  it('shows a yearly range in the current year, Feb 29 in the next leap year', () => {
    const yearEnd = mday('年末', 500, '12', '29-31');
    const form = conditionToForm(yearEnd, '2025-03-01');
    expect(form).toMatchObject({
      mdayTemp1: '2025-12-29',
      mdayTemp2: '2025-12-31',
      timeConditionType: 'mday',
    });
    expect(formToCondition(form)).toEqual(yearEnd);
    expect(conditionToForm(mday('閏日', 501, '2', '29-29'), '2025-03-01')).toMatchObject({
      mdayTemp1: '2028-02-29',
      mdayTemp2: '2028-02-29',
    });
  });

  it('round-trips a yearly range across the new year and across months', () => {
    const newYear = mday('年末年始', 500, '12-1', '29-3');
    const form = conditionToForm(newYear, '2026-11-26');
    expect(form).toMatchObject({ mdayTemp1: '2026-12-29', mdayTemp2: '2027-01-03' });
    expect(formToCondition(form)).toEqual(newYear);
    const goldenWeek = mday('GW', 501, '4-5', '29-5');
    expect(conditionToForm(goldenWeek, '2026-11-26')).toMatchObject({
      mdayTemp1: '2026-04-29',
      mdayTemp2: '2026-05-05',
    });
    expect(formToCondition(conditionToForm(goldenWeek, '2026-11-26'))).toEqual(goldenWeek);
  });

  it('round-trips a night rule past midnight and a holiday rule with its closed days', () => {
    const night = wtime('夜間', 810, '22:00-06:00', MON_FRI);
    expect(formToCondition(conditionToForm(night, '2026-11-26'))).toEqual(night);
    const holidays = holiday('祝日', 505, [{ name: '創立記念日', date: '06-15' }]);
    expect(formToCondition(conditionToForm(holidays, '2026-11-26'))).toEqual(holidays);
  });

  it('round-trips a one-off range, keeping its end minute inclusive', () => {
    const condition = dateTime('保守', 502, '2024-12-31 20:00:00~2025-01-01 01:00:59');
    const form = conditionToForm(condition, '2024-11-25');
    expect(form).toMatchObject({
      mdayTemp1: '2024-12-31',
      mdayTemp2: '2025-01-01',
      timeTemp1: '20:00',
      timeTemp2: '01:00',
    });
    expect(formToCondition(form)).toEqual(condition);
  });

  it('clears the fields of the other types when saving', () => {
    const form = {
      ...conditionToForm(wtime('x', 800, '09:00-17:00', MON_FRI), '2024-11-25'),
      timeConditionMon: '5',
    };
    const yearly = formToCondition({
      ...form,
      timeConditionType: 'mday',
      mdayTemp1: '2024-05-03',
      mdayTemp2: '2024-05-05',
    });
    expect(yearly).toMatchObject({
      timeConditionMon: '5',
      timeConditionMday: '3-5',
      timeConditionTimeOfDay: '',
      timeConditionDateTime: '',
      timeCondition2: 'false',
    });
  });

  it('refuses the default condition', () => {
    expect(() => conditionToForm(anti(), '2024-11-25')).toThrow(RangeError);
  });
});
