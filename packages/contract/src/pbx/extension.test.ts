import { describe, expect, it } from 'vitest';
import {
  doNotDisturbLabel,
  extensionCreateError,
  extensionMessages,
  extensionOptions,
  extensionSaveError,
  extensionSaveRequestSchema,
  extensionSchema,
  type ExtensionSaveRequest,
} from './extension';

const create = (extension: string, effectiveCallerIdName = '山田 太郎') => ({
  extension,
  effectiveCallerIdName,
});

describe('extension create rules', () => {
  it('accepts a free four-digit number with a name', () => {
    expect(extensionCreateError(create('1005'), ['1001', '1002'])).toBeNull();
  });

  it('requires the number before anything else', () => {
    expect(extensionCreateError(create(' ', ''), [])).toBe('内線番号を入力してください。');
  });

  it('requires four digits from 1000', () => {
    for (const n of ['999', '10000', '0999', '10a1', '１００１']) {
      expect(extensionCreateError(create(n), []), n).toBe(
        '内線番号は1000 ~ 9999の4桁の数字で入力してください。',
      );
    }
  });

  it('refuses the park slots 5901–5908', () => {
    expect(extensionCreateError(create('5901'), [])).toBe(
      '5901 ~ 5908はパーク用の番号のため使用できません。',
    );
    expect(extensionCreateError(create('5908'), [])).toBe(extensionMessages.numberPark);
    expect(extensionCreateError(create('5909'), [])).toBeNull();
  });

  it('refuses a number the tenant already uses, before checking the name', () => {
    expect(extensionCreateError(create('1001', ''), ['1001'])).toBe('登録済みの内線番号です。');
  });

  it('requires a display name of at most 50 characters', () => {
    expect(extensionCreateError(create('1005', '  '), [])).toBe('表示名を入力してください。');
    expect(extensionCreateError(create('1005', 'あ'.repeat(51)), [])).toBe(
      '表示名は50文字以内で入力してください。',
    );
    expect(extensionCreateError(create('1005', 'あ'.repeat(50)), [])).toBeNull();
  });
});

describe('extension edit rules', () => {
  const edit = (over: Partial<ExtensionSaveRequest> = {}): ExtensionSaveRequest => ({
    extensionUuid: '00000000-0000-0000-0000-000000000001',
    outboundCallerIdNumber: '0312345678',
    enabled: 'true',
    doNotDisturb: 'false',
    forwardAllDestination: '',
    ...over,
  });
  const gateways = ['0312345678', '0612345678'];

  it('accepts a valid edit, and an empty caller number', () => {
    expect(extensionSaveError(edit(), gateways)).toBeNull();
    expect(extensionSaveError(edit({ outboundCallerIdNumber: '' }), gateways)).toBeNull();
  });

  it('checks, in order, caller number, status, do-not-disturb and forward destination', () => {
    const all = edit({
      outboundCallerIdNumber: '0999',
      enabled: 'yes',
      doNotDisturb: '',
      forwardAllDestination: 'x',
    });
    expect(extensionSaveError(all, gateways)).toBe('発信者番号を確認してください。');
    expect(extensionSaveError({ ...all, outboundCallerIdNumber: '' }, gateways)).toBe(
      'ステータスを選択してください。',
    );
    expect(extensionSaveError({ ...all, outboundCallerIdNumber: '', enabled: 'false' }, gateways)).toBe(
      '着信拒否を選択してください。',
    );
    expect(
      extensionSaveError(
        { ...all, outboundCallerIdNumber: '', enabled: 'false', doNotDisturb: 'true' },
        gateways,
      ),
    ).toBe('転送先を確認してください。（数字・#・*・空白で3 ~ 12文字）');
  });

  it('accepts forward destinations made of number-input characters', () => {
    for (const to of ['1002', '09012345678', '*8 1001']) {
      expect(extensionSaveError(edit({ forwardAllDestination: to }), gateways), to).toBeNull();
    }
    for (const to of ['03-1234-5678', '12', '+81312345678']) {
      expect(extensionSaveError(edit({ forwardAllDestination: to }), gateways), to).toBe(
        extensionMessages.forward,
      );
    }
  });

  it('parses the payload, defaulting optional text to empty', () => {
    const parsed = extensionSaveRequestSchema.parse({
      extensionUuid: '00000000-0000-0000-0000-000000000001',
      enabled: 'true',
      doNotDisturb: 'false',
    });
    expect(parsed.outboundCallerIdNumber).toBe('');
    expect(parsed.forwardAllDestination).toBe('');
  });
});

describe('extension display', () => {
  it("labels do-not-disturb 'true' as 拒否 and otherwise 着信", () => {
    expect(doNotDisturbLabel('true')).toBe('拒否');
    expect(doNotDisturbLabel('false')).toBe('着信');
  });

  it('offers extensions sorted by number with the display name in brackets', () => {
    expect(
      extensionOptions([
        { extension: '1010', effectiveCallerIdName: '佐藤' },
        { extension: '1002', effectiveCallerIdName: '' },
        { extension: '999', effectiveCallerIdName: '受付' },
      ]),
    ).toEqual([
      { value: '999', label: '999 [受付]' },
      { value: '1002', label: '1002 [内線]' },
      { value: '1010', label: '1010 [佐藤]' },
    ]);
  });

  it('never carries the SIP password in the listed entity', () => {
    const row = extensionSchema.parse({
      id: '00000000-0000-0000-0000-000000000001',
      extensionUuid: '00000000-0000-0000-0000-000000000001',
      extension: '1001',
      userContext: 'example.com',
      password: 'secret',
      effectiveCallerIdName: '山田',
      outboundCallerIdNumber: '',
      enabled: 'true',
      doNotDisturb: 'false',
      forwardAllDestination: '',
    });
    expect(row).not.toHaveProperty('password');
  });
});
