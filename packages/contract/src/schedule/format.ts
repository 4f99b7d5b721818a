/** Japanese labels and the list's day/weekday/time summary of business-hours conditions. */
import { monthDayLabel } from './calendar';
import { crossesNewYear, parseDateTimeRange, parseTimeOfDay, parseYearlyDays, weekdayMask } from './fields';
import type { ActionType, TimeCondition, TimeConditionType } from './schema';

/** Weekday labels, Sunday first (index 0 = timeCondition1). */
export const WEEKDAY_LABELS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The chart legend and the action badges. */
export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  action: 'アクション',
  announce: 'アナウンス',
  transfer: '転送',
  vmail: 'ボイスメール',
  hangup: '切断',
};

/** The default pane's radio, in the spec's order. */
export const DEFAULT_ACTION_TYPES: readonly ActionType[] = [
  'action',
  'announce',
  'transfer',
  'vmail',
  'hangup',
];
/** The condition dialog's 'Selection' dropdown. */
export const CONDITION_ACTION_TYPES: readonly ActionType[] = ['action', 'transfer', 'announce', 'hangup'];

const TYPE_LABELS: Record<TimeConditionType, string> = {
  anti: 'デフォルト',
  wtime: '曜日時間',
  mday: '特定日',
  'date-time': '特定日',
  holiday: '祝日・休業日',
};

/** What a condition type is called: '曜日時間', '特定日', '祝日・休業日', or 'デフォルト' for the default. */
export function conditionTypeLabel(type: TimeConditionType): string {
  return TYPE_LABELS[type];
}

/** The condition dialog's title. */
export function conditionDialogTitle(type: TimeConditionType): string {
  return `${conditionTypeLabel(type)}設定`;
}

/** The list's name column: the default ('anti') reads 'デフォルト'. */
export function conditionDisplayName(condition: TimeCondition): string {
  return condition.timeConditionType === 'anti' ? 'デフォルト' : condition.timeConditionName;
}

/**
 * The list's day/weekday/time column, e.g. '月〜金 09:00〜17:00', '毎年 12/29〜12/31',
 * '2024-12-31 20:00〜2025-01-01 01:00'. Unreadable stored text is shown as it is.
 */
export function conditionSummary(condition: TimeCondition): string {
  switch (condition.timeConditionType) {
    case 'anti':
      return 'ほかの条件に当たらないすべての時間';
    case 'wtime': {
      const text = condition.timeConditionTimeOfDay;
      const range = parseTimeOfDay(text);
      const [from, to] = text.split('-');
      const time = range ? `${from}〜${range.end < range.start ? '翌' : ''}${to}` : text;
      return `${weekdaySummary(weekdayMask(condition))} ${time}`;
    }
    case 'mday': {
      const days = parseYearlyDays(condition.timeConditionMon, condition.timeConditionMday);
      if (!days) return `毎年 ${condition.timeConditionMon}/${condition.timeConditionMday}`;
      const first = monthDayLabel(days.month, days.first);
      const last = monthDayLabel(days.endMonth, days.last);
      return first === last ? `毎年 ${first}` : `毎年 ${first}〜${crossesNewYear(days) ? '翌' : ''}${last}`;
    }
    case 'holiday': {
      const own = condition.timeConditionClosedDays.map((d) => d.name);
      return own.length === 0 ? '国民の祝日' : `国民の祝日・${own.join('・')}`;
    }
    case 'date-time': {
      const text = condition.timeConditionDateTime;
      if (!parseDateTimeRange(text)) return text;
      // Drop the seconds (':00' and ':59') that the stored format carries.
      return text
        .split('~')
        .map((end) => end.trim().slice(0, 16))
        .join('〜');
    }
  }
}

/** Chosen weekdays, Sunday first, with runs of three or more shortened ('月〜金'); all seven read '毎日'. */
export function weekdaySummary(mask: number): string {
  if (mask === 0b1111111) return '毎日';
  if (mask === 0) return '曜日なし';
  const parts: string[] = [];
  for (let day = 0; day < 7; day++) {
    if (!(mask & (1 << day))) continue;
    let last = day;
    while (last < 6 && mask & (1 << (last + 1))) last++;
    const run = WEEKDAY_LABELS.slice(day, last + 1);
    parts.push(run.length >= 3 ? `${run[0]}〜${run[run.length - 1]}` : run.join('・'));
    day = last;
  }
  return parts.join('・');
}
