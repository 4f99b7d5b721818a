import { describe, expect, it } from 'vitest';
import { conditionToForm, type ConditionForm } from './form';
import { nameHint, orderHint, scheduleMessages } from './messages';
import { newCondition, newSchedule, type TimeCondition } from './schema';
import { MON_FRI, anti, dateTime, holiday, days, mday, scheduleOf, wtime } from './testing';
import {
  isAllowedOrder,
  isEmail,
  scheduleSaveRequestSchema,
  validateAntiSave,
  validateCondition,
  validateConditionForm,
  validateNewScheduleName,
  validateSchedule,
} from './validate';

// The messages, written out: a change to any text must show up here.
const M = {
  scheduleName: '営業時間名を確認してください。',
  absenceAnnouncement: '不在アナウンスを確認してください。',
  action: 'アクションを確認してください。',
  transferNumber: '転送番号を確認してください。',
  announcement: 'アナウンスを確認してください。',
  weekdayTime: '曜日・時間を確認してください。',
  orderTaken: '優先順位を確認してください（登録番号）。',
  orderWtime: '優先順位を確認してください（800 ~ 899）。',
  orderDate: '優先順位を確認してください（500 ~ 599）。',
  yearlyTooLong: '「毎年」の期間は1年以内で選択してください。',
  closedDays: '休業日の名前と日付を確認してください。',
  closedDayTwice: '同じ休業日が2回登録されています。',
  transferInput: '転送番号を入力してください。',
  email: 'メールアドレスを確認してください。',
  date: '日付を確認してください。',
  time: '時刻を選択してください。',
  actionType: '動作を選択してください。',
  noDefault: 'デフォルトの条件がありません。',
  duplicateDefault: 'デフォルトの条件は1つだけ設定できます。',
};

it('exports exactly these messages', () => {
  expect(scheduleMessages).toEqual(M);
  expect(nameHint('wtime')).toBe('曜日時間の名前を入力してください。');
  expect(nameHint('mday')).toBe('特定日の名前を入力してください。');
  expect(orderHint('wtime')).toBe('800 ~ 899の範囲で選択してください。');
  expect(orderHint('date-time')).toBe('500 ~ 599の範囲で選択してください。');
});

describe('rules', () => {
  it('allows priorities 0, 800–899 for wtime and 500–599 for dates', () => {
    expect([0, 800, 899].map((o) => isAllowedOrder('wtime', o))).toEqual([true, true, true]);
    expect([1, 500, 799, 900, 800.5].map((o) => isAllowedOrder('wtime', o))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 500, 599].map((o) => isAllowedOrder('mday', o))).toEqual([true, true, true]);
    expect([499, 600, 800].map((o) => isAllowedOrder('date-time', o))).toEqual([false, false, false]);
  });

  it('checks e-mail addresses', () => {
    expect(isEmail('office@example.co.jp')).toBe(true);
    expect(isEmail('office@example')).toBe(false);
    expect(isEmail('office example.jp')).toBe(false);
  });
});

describe('new schedule', () => {
  it('requires a name', () => {
    expect(validateNewScheduleName('  ')).toBe(M.scheduleName);
    expect(validateNewScheduleName('本社')).toBeNull();
  });
});

describe('default (anti) save, in the spec order', () => {
  const ready = () =>
    scheduleOf([
      anti({
        timeConditionVoiceMailAnnounce: 'absent.wav',
        timeConditionActionType: 'hangup',
        timeConditionVoiceMail: 'office@example.jp',
      }),
    ]);
  const withAnti = (name: string, overrides: Partial<TimeCondition>) => {
    const schedule = { ...ready(), dialplanName: name };
    return { ...schedule, timeconditions: [{ ...schedule.timeconditions[0]!, ...overrides }] };
  };

  it('passes a complete default', () => {
    expect(validateAntiSave(ready())).toBeNull();
  });

  it('1. schedule name first, even with everything else wrong', () => {
    const broken = withAnti('', { timeConditionVoiceMailAnnounce: '', timeConditionActionType: 'action' });
    expect(validateAntiSave(broken)).toBe(M.scheduleName);
  });

  it('2. absence announcement before the action checks', () => {
    expect(
      validateAntiSave(
        withAnti('本社', { timeConditionVoiceMailAnnounce: '', timeConditionActionType: 'action' }),
      ),
    ).toBe(M.absenceAnnouncement);
  });

  it('3. action when the type is action', () => {
    expect(
      validateAntiSave(withAnti('本社', { timeConditionActionType: 'action', timeConditionAction: ' ' })),
    ).toBe(M.action);
    expect(
      validateAntiSave(withAnti('本社', { timeConditionActionType: 'action', timeConditionAction: '1001' })),
    ).toBeNull();
  });

  it('4. transfer number when the type is transfer (3–12 of digits, #, *, space)', () => {
    const transfer = (number: string) =>
      validateAntiSave(
        withAnti('本社', { timeConditionActionType: 'transfer', timeConditionTransfer: number }),
      );
    expect(['', '12', '0312345678901', '03-1234-5678', '0312a'].map(transfer)).toEqual(
      Array(5).fill(M.transferNumber),
    );
    expect(['123', '03 1234 5678', '*0#1', '031234567890'].map(transfer)).toEqual([null, null, null, null]);
  });

  it('5. announcement when the type is announce', () => {
    expect(
      validateAntiSave(withAnti('本社', { timeConditionActionType: 'announce', timeConditionAnnounce: '' })),
    ).toBe(M.announcement);
  });

  it('then a valid absence e-mail', () => {
    expect(validateAntiSave(withAnti('本社', { timeConditionVoiceMail: 'office@' }))).toBe(M.email);
    expect(validateAntiSave(withAnti('本社', { timeConditionVoiceMail: '' }))).toBeNull();
  });

  it('reports a schedule without a default', () => {
    expect(validateAntiSave(scheduleOf([]))).toBe(M.noDefault);
  });
});

describe('condition dialog', () => {
  const others = [anti(), wtime('平日', 800, '09:00-17:00', MON_FRI), mday('年末', 500, '12', '29-31')];
  const wtimeForm = (overrides: Partial<ConditionForm> = {}): ConditionForm => ({
    ...conditionToForm(newCondition('wtime', others), '2024-11-25'),
    timeConditionName: '昼休み',
    ...days(1, 2),
    timeTemp1: '12:00',
    timeTemp2: '13:00',
    ...overrides,
  });
  const dateForm = (overrides: Partial<ConditionForm> = {}): ConditionForm => ({
    ...conditionToForm(newCondition('mday', others), '2024-11-25'),
    timeConditionName: '創立記念日',
    mdayTemp1: '2024-06-01',
    mdayTemp2: '2024-06-01',
    ...overrides,
  });

  it('passes valid forms', () => {
    expect(validateConditionForm(wtimeForm(), others)).toEqual({ fields: {}, message: null, ok: true });
    expect(validateConditionForm(dateForm(), others)).toEqual({ fields: {}, message: null, ok: true });
    const oneOff = dateForm({
      timeConditionType: 'date-time',
      mdayTemp2: '2025-06-30',
      timeTemp1: '10:00',
      timeTemp2: '09:00',
    });
    expect(validateConditionForm(oneOff, others).ok).toBe(true);
  });

  it('highlights required fields with their hints', () => {
    const result = validateConditionForm(
      wtimeForm({
        timeConditionName: '',
        timeConditionOrder: null,
        timeTemp1: '',
        timeConditionActionType: null,
      }),
      others,
    );
    expect(result.fields).toEqual({
      timeConditionName: '曜日時間の名前を入力してください。',
      timeConditionOrder: '800 ~ 899の範囲で選択してください。',
      timeTemp1: M.time,
      timeConditionActionType: M.actionType,
    });
    expect(result.ok).toBe(false);
    const dates = validateConditionForm(dateForm({ mdayTemp1: '', mdayTemp2: '2024-02-30' }), others);
    expect(dates.fields).toEqual({ mdayTemp1: M.date, mdayTemp2: M.date });
  });

  it('wtime: two different times (a start after the end runs past midnight), else "weekday/time"', () => {
    const result = validateConditionForm(wtimeForm({ timeTemp1: '12:00', timeTemp2: '12:00' }), others);
    expect(result.message).toBe(M.weekdayTime);
    expect(result.fields.timeTemp2).toBe(M.weekdayTime);
    for (const [from, to] of [
      ['18:00', '23:59'],
      ['22:00', '06:00'],
      ['13:00', '12:00'],
    ]) {
      expect(validateConditionForm(wtimeForm({ timeTemp1: from, timeTemp2: to }), others).ok).toBe(true);
    }
  });

  it('wtime: at least one weekday, else "weekday/time"', () => {
    const result = validateConditionForm(wtimeForm(days()), others);
    expect(result.message).toBe(M.weekdayTime);
    expect(result.fields.weekdays).toBe(M.weekdayTime);
  });

  it('priority: used by another condition, then the type range', () => {
    expect(validateConditionForm(wtimeForm({ timeConditionOrder: 800 }), others).message).toBe(M.orderTaken);
    expect(validateConditionForm(dateForm({ timeConditionOrder: 500 }), others).message).toBe(M.orderTaken);
    expect(validateConditionForm(wtimeForm({ timeConditionOrder: 501 }), others).message).toBe(M.orderWtime);
    // A priority both taken and out of range reports 'taken', the first check.
    expect(validateConditionForm(wtimeForm({ timeConditionOrder: 500 }), others).message).toBe(M.orderTaken);
    expect(validateConditionForm(dateForm({ timeConditionOrder: 899 }), others).message).toBe(M.orderDate);
    expect(
      validateConditionForm(dateForm({ timeConditionType: 'date-time', timeConditionOrder: 1 }), others)
        .message,
    ).toBe(M.orderDate);
    expect(validateConditionForm(wtimeForm({ timeConditionOrder: 0 }), others).ok).toBe(true);
    // The default's stored priority never blocks a user's choice.
    expect(
      validateConditionForm(wtimeForm({ timeConditionOrder: 0 }), [anti({ timeConditionOrder: 0 })]).ok,
    ).toBe(true);
  });

  it('weekday/time comes before priority', () => {
    expect(validateConditionForm(wtimeForm({ ...days(), timeConditionOrder: 800 }), others).message).toBe(
      M.weekdayTime,
    );
  });

  it('action and announcement', () => {
    const action = validateConditionForm(
      wtimeForm({ timeConditionActionType: 'action', timeConditionAction: '' }),
      others,
    );
    expect(action.message).toBe(M.action);
    expect(action.fields.timeConditionAction).toBe(M.action);
    const announce = validateConditionForm(wtimeForm({ timeConditionActionType: 'announce' }), others);
    expect(announce.message).toBe(M.announcement);
    expect(announce.fields.timeConditionAnnounce).toBe(M.announcement);
  });

  it('an invalid transfer number or e-mail blocks the save without an alert', () => {
    const transfer = validateConditionForm(
      wtimeForm({ timeConditionActionType: 'transfer', timeConditionTransfer: '12' }),
      others,
    );
    expect(transfer).toEqual({
      fields: { timeConditionTransfer: M.transferInput },
      message: null,
      ok: false,
    });
    const email = validateConditionForm(wtimeForm({ timeConditionVoiceMail: 'x@' }), others);
    expect(email).toEqual({ fields: { timeConditionVoiceMail: M.email }, message: null, ok: false });
  });

  it('yearly dates may cross months and the new year, for at most a year, never backwards', () => {
    const yearly = (from: string, to: string) =>
      validateConditionForm(dateForm({ mdayTemp1: from, mdayTemp2: to }), others);
    expect(yearly('2024-12-29', '2025-01-03').ok).toBe(true);
    expect(yearly('2024-04-29', '2024-05-05').ok).toBe(true);
    expect(yearly('2024-06-10', '2025-06-09').ok).toBe(true);
    const tooLong = yearly('2024-06-10', '2025-06-10');
    expect(tooLong.message).toBe(M.yearlyTooLong);
    expect(tooLong.fields.mdayTemp2).toBe(M.yearlyTooLong);
    expect(yearly('2024-06-10', '2024-06-09').message).toBe(M.date);
  });

  it('holiday: each closed day named, dated MM-DD or YYYY-MM-DD, and listed once', () => {
    const holidayForm = (closed: { name: string; date: string }[]) =>
      validateConditionForm(
        dateForm({ timeConditionType: 'holiday', timeConditionOrder: 505, timeConditionClosedDays: closed }),
        others,
      );
    expect(holidayForm([]).ok).toBe(true);
    expect(
      holidayForm([
        { name: '創立記念日', date: '06-15' },
        { name: '棚卸し', date: '2026-03-31' },
        { name: 'うるう日', date: '02-29' },
      ]).ok,
    ).toBe(true);
    for (const closed of [
      [{ name: ' ', date: '06-15' }],
      [{ name: '創立記念日', date: '6/15' }],
      [{ name: '創立記念日', date: '02-30' }],
      [{ name: '棚卸し', date: '2026-02-29' }],
    ]) {
      const result = holidayForm(closed);
      expect(result.message).toBe(M.closedDays);
      expect(result.fields.timeConditionClosedDays).toBe(M.closedDays);
    }
    expect(
      holidayForm([
        { name: 'A', date: '06-15' },
        { name: 'B', date: '06-15' },
      ]).message,
    ).toBe(M.closedDayTwice);
  });

  it('one-off dates: end up to the end of the month 12 months later, not before the start', () => {
    const oneOff = (from: string, to: string, timeFrom = '09:00', timeTo = '17:00') =>
      validateConditionForm(
        dateForm({
          timeConditionType: 'date-time',
          mdayTemp1: from,
          mdayTemp2: to,
          timeTemp1: timeFrom,
          timeTemp2: timeTo,
        }),
        others,
      ).message;
    expect(oneOff('2024-01-15', '2025-01-31')).toBeNull();
    expect(oneOff('2024-01-15', '2025-02-01')).toBe(M.date);
    expect(oneOff('2024-06-01', '2024-06-01', '10:00', '09:59')).toBe(M.date);
    expect(oneOff('2024-06-01', '2024-06-01', '10:00', '10:00')).toBeNull();
    expect(oneOff('2024-12-29', '2025-01-03')).toBeNull();
  });
});

describe('stored conditions and the whole schedule (server)', () => {
  const base = () => [
    anti(),
    wtime('平日', 800, '09:00-17:00', MON_FRI),
    mday('年末', 500, '12', '29-31'),
    dateTime('保守', 501, '2024-11-26 12:30:00~2024-11-27 09:10:59'),
  ];

  it('accepts a valid schedule and a brand-new one', () => {
    expect(validateSchedule(scheduleOf(base()))).toBeNull();
    expect(validateSchedule(newSchedule('本社', { domainName: 'tenant-a.example' }))).toBeNull();
  });

  it.each<[string, TimeCondition, string]>([
    ['name', wtime(' ', 801, '09:00-17:00', MON_FRI), '曜日時間の名前を入力してください。'],
    ['date name', mday('', 510, '1', '1'), '特定日の名前を入力してください。'],
    ['empty time', wtime('夜', 801, '22:00-22:00', MON_FRI), M.weekdayTime],
    ['unreadable time', wtime('夜', 801, '9:00-17:00', MON_FRI), M.weekdayTime],
    ['no weekday', wtime('夜', 801, '09:00-17:00'), M.weekdayTime],
    ['bad month', mday('日', 510, '13', '1-2'), M.date],
    ['day past month end', mday('日', 510, '4', '30-31'), M.date],
    ['reversed days in one month', mday('日', 510, '4', '3-2'), M.date],
    ['bad end month', mday('日', 510, '12-13', '29-3'), M.date],
    ['holiday name', holiday('', 505), '祝日の名前を入力してください。'],
    ['closed day', holiday('祝日', 505, [{ name: '記念日', date: '13-01' }]), M.closedDays],
    ['reversed one-off', dateTime('日', 510, '2024-11-27 00:00:00~2024-11-26 23:59:59'), M.date],
    ['one-off past 12 months', dateTime('日', 510, '2024-01-15 00:00:00~2025-02-01 00:00:59'), M.date],
    ['unreadable one-off', dateTime('日', 510, '2024-11-27'), M.date],
    ['taken priority', wtime('昼', 800, '12:00-13:00', MON_FRI), M.orderTaken],
    ['wtime range', wtime('昼', 550, '12:00-13:00', MON_FRI), M.orderWtime],
    ['date range', mday('日', 850, '1', '1'), M.orderDate],
    ['action', wtime('昼', 801, '12:00-13:00', { ...MON_FRI, timeConditionActionType: 'action' }), M.action],
    [
      'transfer',
      wtime('昼', 801, '12:00-13:00', { ...MON_FRI, timeConditionActionType: 'transfer' }),
      M.transferInput,
    ],
    [
      'announce',
      wtime('昼', 801, '12:00-13:00', { ...MON_FRI, timeConditionActionType: 'announce' }),
      M.announcement,
    ],
    ['e-mail', wtime('昼', 801, '12:00-13:00', { ...MON_FRI, timeConditionVoiceMail: 'a@b' }), M.email],
  ])('reports %s with the failing index', (_what, condition, message) => {
    expect(validateSchedule(scheduleOf([...base(), condition]))).toEqual({ message, index: 4 });
    expect(validateCondition(condition, base())).toBe(message);
  });

  it('checks the schedule name, the default and its action', () => {
    expect(validateSchedule(scheduleOf(base(), ''))).toEqual({ message: M.scheduleName, index: null });
    expect(validateSchedule(scheduleOf(base().slice(1)))).toEqual({ message: M.noDefault, index: null });
    expect(validateSchedule(scheduleOf([...base(), anti()]))).toEqual({
      message: M.duplicateDefault,
      index: 4,
    });
    const transfer = anti({ timeConditionActionType: 'transfer', timeConditionTransfer: '1' });
    expect(validateSchedule(scheduleOf([transfer, ...base().slice(1)]))).toEqual({
      message: M.transferNumber,
      index: 0,
    });
  });

  it('serves as the save request schema, pointing at the failing condition', () => {
    const ok = scheduleSaveRequestSchema.safeParse(scheduleOf(base()));
    expect(ok.success).toBe(true);
    const failed = scheduleSaveRequestSchema.safeParse(
      scheduleOf([...base(), wtime('昼', 800, '12:00-13:00', MON_FRI)]),
    );
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((i) => [i.message, i.path])).toEqual([
      [M.orderTaken, ['timeconditions', 4]],
    ]);
  });
});
