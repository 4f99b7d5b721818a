import { describe, expect, it } from 'vitest';
import { isSpeedDialNumber, speedDialSaveError, speedDialSaveRequestSchema } from './speed-dial';

const existing = [
  { commUuid: '00000000-0000-0000-0000-000000000001', commName: '01' },
  { commUuid: '00000000-0000-0000-0000-000000000002', commName: '02' },
];

describe('speed dial save rules', () => {
  it('accepts a new free number with a phone number', () => {
    expect(speedDialSaveError({ commName: '03', commSub1: '0312345678' }, existing)).toBeNull();
  });

  it('refuses a number already registered, before the format checks', () => {
    expect(speedDialSaveError({ commName: '01', commSub1: 'x' }, existing)).toBe('登録済みの短縮番号です。');
    expect(speedDialSaveError({ commUuid: null, commName: '02', commSub1: '0312345678' }, existing)).toBe(
      '登録済みの短縮番号です。',
    );
  });

  it('lets an existing entry keep its own number', () => {
    expect(
      speedDialSaveError(
        { commUuid: existing[0]?.commUuid, commName: '01', commSub1: '0312345678' },
        existing,
      ),
    ).toBeNull();
  });

  it('needs a two-digit number from 01 to 99, then a phone number of at least 2 digits', () => {
    expect(speedDialSaveError({ commName: '1', commSub1: '' }, existing)).toBe(
      '短縮番号を確認してください。 (ex: 01 ~ 99)',
    );
    expect(speedDialSaveError({ commName: '10', commSub1: '1' }, existing)).toBe(
      '電話番号を確認してください。 (ex: 0312345678)',
    );
  });

  it('knows which speed numbers are valid', () => {
    expect(['01', '09', '10', '99'].map(isSpeedDialNumber)).toEqual([true, true, true, true]);
    expect(['00', '1', '100', 'ab', ' 1', '１２'].map(isSpeedDialNumber)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('accepts phone numbers of digits only', () => {
    for (const phone of ['03-1234-5678', '03 1234', '+8131234', '1']) {
      expect(speedDialSaveError({ commName: '10', commSub1: phone }, existing), phone).not.toBeNull();
    }
    expect(speedDialSaveError({ commName: '10', commSub1: '12' }, existing)).toBeNull();
  });

  it("fills commGroup 'speed-dial' and refuses another group", () => {
    expect(speedDialSaveRequestSchema.parse({ commName: '10', commSub1: '12' }).commGroup).toBe('speed-dial');
    expect(
      speedDialSaveRequestSchema.safeParse({ commGroup: 'user-group', commName: '10', commSub1: '12' })
        .success,
    ).toBe(false);
  });
});
