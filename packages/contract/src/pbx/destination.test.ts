import { describe, expect, it } from 'vitest';
import { destinationData, destinationSaveError, dialplanNameOf, dialplanNumberOf } from './destination';

const id = '00000000-0000-0000-0000-000000000001';
const dialplans = [
  { dialplanNumber: '9001', dialplanName: '平日' },
  { dialplanNumber: '9002', dialplanName: '土日' },
];
const numbers = dialplans.map((d) => d.dialplanNumber);

describe('destination save rules', () => {
  it('accepts a known schedule and a status', () => {
    expect(
      destinationSaveError({ id, destinationDataNum: '9001', destinationEnabled: 'false' }, numbers),
    ).toBeNull();
  });

  it('requires the business hours first, then the status', () => {
    expect(destinationSaveError({ id, destinationDataNum: '', destinationEnabled: '' }, numbers)).toBe(
      '業務時間は必須項目です',
    );
    expect(
      destinationSaveError({ id, destinationDataNum: '9999', destinationEnabled: 'true' }, numbers),
    ).toBe('業務時間は必須項目です');
    expect(destinationSaveError({ id, destinationDataNum: '9002', destinationEnabled: null }, numbers)).toBe(
      'ステータスは必須項目です',
    );
    expect(destinationSaveError({ id, destinationDataNum: '9002', destinationEnabled: 'yes' }, numbers)).toBe(
      'ステータスは必須項目です',
    );
  });
});

describe('destination data', () => {
  it("builds and reads '<dialplanNumber> XML <context>'", () => {
    const data = destinationData('9001', 'example.com');
    expect(data).toBe('9001 XML example.com');
    expect(dialplanNumberOf(data)).toBe('9001');
    expect(dialplanNumberOf(null)).toBe('');
  });

  it('resolves the business-hours name for the list', () => {
    expect(dialplanNameOf('9002 XML example.com', dialplans)).toBe('土日');
    expect(dialplanNameOf('9999 XML example.com', dialplans)).toBe('');
    expect(dialplanNameOf(null, dialplans)).toBe('');
  });
});
