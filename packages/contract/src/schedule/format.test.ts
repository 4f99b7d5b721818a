import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPE_LABELS,
  conditionDialogTitle,
  conditionDisplayName,
  conditionSummary,
  conditionTypeLabel,
  weekdaySummary,
} from './format';
import { MON_FRI, anti, dateTime, days, mday, wtime } from './testing';

describe('list summary', () => {
  it.each([
    [wtime('平日', 800, '09:00-17:00', MON_FRI), '月〜金 09:00〜17:00'],
    [wtime('週末', 801, '10:00-23:59', days(0, 6)), '日・土 10:00〜23:59'],
    [wtime('毎日', 802, '00:00-24:00', days(0, 1, 2, 3, 4, 5, 6)), '毎日 00:00〜24:00'],
    [wtime('夜', 803, '22:00-06:00', days(1, 3, 4, 5)), '月・水〜金 22:00〜翌06:00'],
    [wtime('壊れ', 804, '9-17', days(2)), '火 9-17'],
    [mday('年末', 500, '12', '29-31'), '毎年 12/29〜12/31'],
    [mday('元日', 501, '1', '1-1'), '毎年 01/01'],
    [dateTime('保守', 502, '2024-12-31 20:00:00~2025-01-01 01:00:59'), '2024-12-31 20:00〜2025-01-01 01:00'],
    [anti(), 'ほかの条件に当たらないすべての時間'],
  ])('%#: %s', (condition, summary) => {
    expect(conditionSummary(condition)).toBe(summary);
  });

  it('shortens runs of weekdays', () => {
    expect(weekdaySummary(0)).toBe('曜日なし');
    expect(weekdaySummary(0b0111110)).toBe('月〜金');
    expect(weekdaySummary(0b1011011)).toBe('日・月・水・木・土');
    expect(weekdaySummary(0b1110001)).toBe('日・木〜土');
  });
});

describe('labels', () => {
  it('shows the default as デフォルト', () => {
    expect(conditionDisplayName(anti())).toBe('デフォルト');
    expect(conditionDisplayName(wtime('平日', 800, '09:00-17:00'))).toBe('平日');
    expect(conditionTypeLabel('anti')).toBe('デフォルト');
  });

  it('titles the dialog by type', () => {
    expect(conditionDialogTitle('wtime')).toBe('曜日時間設定');
    expect(conditionDialogTitle('mday')).toBe('特定日設定');
    expect(conditionDialogTitle('date-time')).toBe('特定日設定');
  });

  it('names every action type', () => {
    expect(ACTION_TYPE_LABELS).toEqual({
      action: 'アクション',
      announce: 'アナウンス',
      transfer: '転送',
      vmail: 'ボイスメール',
      hangup: '切断',
    });
  });
});
