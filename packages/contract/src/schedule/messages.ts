import { ORDER_RANGES, type ConditionType } from './schema';

/**
 * Validation messages of the business-hours screen (spec 5), in Japanese. The spec gives most of them
 * in English; the English original is noted on each. Messages marked "ours" cover checks the spec
 * leaves to field highlighting but the server must still explain.
 */
export const scheduleMessages = {
  /** 'Please check business hours name' (new schedule; default save, step 1), as the field's label 営業時間名. */
  scheduleName: '営業時間名を確認してください。',
  /** 'Please check absence announcement' (default save, step 2). */
  absenceAnnouncement: '不在アナウンスを確認してください。',
  /** 'Please check action' (default save, step 3; condition form). */
  action: 'アクションを確認してください。',
  /** 'Please check transfer number' (default save, step 4). */
  transferNumber: '転送番号を確認してください。',
  /** 'Please check announcement' (default save, step 5; condition form). */
  announcement: 'アナウンスを確認してください。',
  /** 'Please check weekday/time' (wtime: start before end, at least one weekday). */
  weekdayTime: '曜日・時間を確認してください。',
  /** 'Please check priority (registration number).' (priority already used in the schedule). */
  orderTaken: '優先順位を確認してください（登録番号）。',
  /** 'Please check priority (800 ~ 899).' */
  orderWtime: '優先順位を確認してください（800 ~ 899）。',
  /** 'Please check priority (500 ~ 599).' */
  orderDate: '優先順位を確認してください（500 ~ 599）。',
  /**
   * A yearly range longer than a year (ours: replaces the spec's 'dates spanning different years cannot be
   * selected', since issue 17 asks for 12/29 – 1/3 as one rule).
   */
  yearlyTooLong: '「毎年」の期間は1年以内で選択してください。',
  /** A closed day without a name or with a date that is neither 'MM-DD' nor 'YYYY-MM-DD' (ours). */
  closedDays: '休業日の名前と日付を確認してください。',
  /** The same date listed twice among the closed days (ours). */
  closedDayTwice: '同じ休業日が2回登録されています。',
  /** Transfer number field (spec quotes this Japanese verbatim). */
  transferInput: '転送番号を入力してください。',
  /** Voicemail e-mail field (ours: the spec only requires a valid address). */
  email: 'メールアドレスを確認してください。',
  /** Start/end dates missing, unreadable or outside the picker's limits (ours). */
  date: '日付を確認してください。',
  /** Start/end times missing (ours). */
  time: '時刻を選択してください。',
  /** Action type missing (ours). */
  actionType: '動作を選択してください。',
  /** A schedule without its default condition (ours). */
  noDefault: 'デフォルトの条件がありません。',
  /** A schedule with more than one default condition (ours). */
  duplicateDefault: 'デフォルトの条件は1つだけ設定できます。',
} as const;

/** Name hint of the dialog ('{Weekday time|Specific date} Please enter name.'; 祝日 ours). */
export function nameHint(type: ConditionType): string {
  const label = type === 'wtime' ? '曜日時間' : type === 'holiday' ? '祝日' : '特定日';
  return `${label}の名前を入力してください。`;
}

/** Priority hint of the dialog ('{800 ~ 899 | 500 ~ 599} Please select range.'). */
export function orderHint(type: ConditionType): string {
  const { min, max } = ORDER_RANGES[type];
  return `${min} ~ ${max}の範囲で選択してください。`;
}

/** The priority-range message of a condition type. */
export function orderRangeMessage(type: ConditionType): string {
  return type === 'wtime' ? scheduleMessages.orderWtime : scheduleMessages.orderDate;
}
