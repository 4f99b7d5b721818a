import { describe, expect, it } from 'vitest';
import {
  IVR_DIGIT_OPTIONS,
  ivrMessages,
  ivrOptionAddError,
  ivrSaveError,
  ivrSaveRequestSchema,
  type IvrOptionInput,
  type IvrSaveContext,
  type IvrSaveRequest,
} from './ivr';

const option = (
  ivrMenuOptionDigits: string,
  ivrMenuOptionParam = 'lua nit_ivr_record.lua 1001',
): IvrOptionInput => ({
  ivrMenuOptionDigits,
  ivrMenuOptionParam,
});

const menu = (over: Partial<IvrSaveRequest> = {}): IvrSaveRequest => ({
  ivrMenuName: '代表',
  ivrMenuGreetLong: 'welcome.wav',
  ivrMenuDescription: '',
  ivrMenuEnabled: 'true',
  ivrMenuOptions: [option('1'), option('#', 'transfer 301 XML example.com')],
  ...over,
});

const context: IvrSaveContext = {
  destinations: ['lua nit_ivr_record.lua 1001', 'transfer 301 XML example.com'],
  recordingFilenames: ['welcome.wav'],
};

describe('IVR digits', () => {
  it('offers 0–9, # and * in that order with Japanese labels', () => {
    expect(IVR_DIGIT_OPTIONS.map((o) => o.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '#',
      '*',
    ]);
    expect(IVR_DIGIT_OPTIONS[0]?.label).toBe('番号 0');
    expect(IVR_DIGIT_OPTIONS[10]?.label).toBe('番号 #');
    expect(IVR_DIGIT_OPTIONS[11]?.label).toBe('番号 *');
  });
});

describe('IVR save rules', () => {
  it('accepts a valid menu, with and without the tenant context, and one without options', () => {
    expect(ivrSaveError(menu())).toBeNull();
    expect(ivrSaveError(menu(), context)).toBeNull();
    expect(ivrSaveError(menu({ ivrMenuOptions: [] }))).toBeNull();
  });

  it('checks name, announcement, destinations, digits and duplicates in that order', () => {
    const steps: [Partial<IvrSaveRequest>, string | null][] = [
      [
        {
          ivrMenuName: ' ',
          ivrMenuGreetLong: '',
          ivrMenuOptions: [
            option('', 'lua nit_ivr_record.lua 1001'),
            option('2', ''),
            option('2'),
            option('2'),
          ],
        },
        'IVR名を入力してください。',
      ],
      [{ ivrMenuName: '代表' }, 'アナウンスを選択してください。'],
      [{ ivrMenuGreetLong: 'welcome.wav' }, '転送先を選択してください。'],
      [{ ivrMenuOptions: [option(''), option('2'), option('2')] }, '番号を選択してください。'],
      [
        { ivrMenuOptions: [option('1'), option('2'), option('2')] },
        '登録済みの番号です。\n削除してからご利用ください。',
      ],
      [{ ivrMenuOptions: [option('1'), option('2'), option('3')] }, null],
    ];
    let current = menu();
    for (const [change, message] of steps) {
      current = { ...current, ...change };
      expect(ivrSaveError(current)).toBe(message);
    }
  });

  it('runs the destination check over every row before the digit check', () => {
    expect(ivrSaveError(menu({ ivrMenuOptions: [option(''), option('2', ' ')] }))).toBe(
      ivrMessages.destinationMissing,
    );
  });

  it('treats a digit outside 0–9, # and * as missing', () => {
    for (const d of ['a', '+', '１']) {
      expect(ivrSaveError(menu({ ivrMenuOptions: [option(d)] })), d).toBe(ivrMessages.digitMissing);
    }
  });

  it('with the tenant context, refuses unknown announcements and destinations', () => {
    expect(ivrSaveError(menu({ ivrMenuGreetLong: 'gone.wav' }), context)).toBe(
      ivrMessages.announcementMissing,
    );
    const foreign = menu({ ivrMenuOptions: [option('1', 'transfer 301 XML other-tenant.example')] });
    expect(ivrSaveError(foreign)).toBeNull();
    expect(ivrSaveError(foreign, context)).toBe(ivrMessages.destinationMissing);
  });

  it('parses a create payload with defaults', () => {
    const parsed = ivrSaveRequestSchema.parse({ ivrMenuName: '代表', ivrMenuGreetLong: 'welcome.wav' });
    expect(parsed.ivrMenuEnabled).toBe('true');
    expect(parsed.ivrMenuOptions).toEqual([]);
  });
});

describe('IVR option add rules', () => {
  const existing = [option('1'), option('#')];

  it('accepts a free digit with a destination', () => {
    expect(ivrOptionAddError(option('2'), existing)).toBeNull();
    expect(ivrOptionAddError(option('*'), existing, context)).toBeNull();
  });

  it('checks digit, destination and then that the digit is free', () => {
    expect(ivrOptionAddError(option('', ''), existing)).toBe('番号を選択してください。');
    expect(ivrOptionAddError(option('1', ''), existing)).toBe('転送先を選択してください。');
    expect(ivrOptionAddError(option('#'), existing)).toBe(
      '登録済みの番号です。\n削除してからご利用ください。',
    );
  });

  it('with the tenant context, refuses an unknown destination', () => {
    expect(ivrOptionAddError(option('2', 'transfer 9999 XML example.com'), existing, context)).toBe(
      ivrMessages.destinationMissing,
    );
  });
});
