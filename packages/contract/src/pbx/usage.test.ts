import { describe, expect, it } from 'vitest';
import { usageLabel, usageMessage } from './usage';

describe('where used', () => {
  it('labels each reference in Japanese and joins them into the 使用中 message', () => {
    expect(
      usageMessage([
        { kind: 'ivrOption', owner: '5000', detail: '1' },
        { kind: 'ringGroupMember', owner: '300', detail: null },
      ]),
    ).toBe('使用中: IVR 5000 の 1 番、グループ 300');
    expect(usageLabel({ kind: 'scheduleAction', owner: '通常営業', detail: '平日営業' })).toBe(
      '営業時間「通常営業」の「平日営業」',
    );
    expect(usageLabel({ kind: 'destination', owner: '0312345678', detail: null })).toBe(
      '着信番号 0312345678',
    );
    expect(usageMessage([])).toBe('');
  });
});
