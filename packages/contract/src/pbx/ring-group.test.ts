import { describe, expect, it } from 'vitest';
import {
  RING_GROUP_STRATEGIES,
  ringGroupFormSchema,
  ringGroupMessages,
  ringGroupSaveError,
  type RingGroupForm,
  type RingGroupSaveContext,
} from './ring-group';
import { newRingGroupForm } from './ring-group-form';

const form = (over: Partial<RingGroupForm> = {}): RingGroupForm => ({
  ...newRingGroupForm(),
  ringGroupExtension: '301',
  ringGroupName: '営業',
  destList: ['1001', '1002'],
  ...over,
});

const context: RingGroupSaveContext = {
  usedNumbers: ['1001', '1002', '1003', '302', '500'],
  extensions: ['1001', '1002', '1003'],
  recordingFilenames: ['welcome.wav', 'closed.wav'],
};

describe('ring group save rules', () => {
  it('accepts a valid group, with and without the tenant context', () => {
    expect(ringGroupSaveError(form())).toBeNull();
    expect(ringGroupSaveError(form(), context)).toBeNull();
  });

  it('checks the seven spec rules in order, with the spec messages', () => {
    const broken = form({
      ringGroupExtension: '',
      ringGroupName: '',
      destinationTimeout: null,
      ringGroupTimeoutApp: 'lua',
      ringGroupTimeoutDataFile: '',
    });
    const steps: [Partial<RingGroupForm>, string][] = [
      [{}, 'グループ番号を確認してください。'],
      [{ ringGroupExtension: '400' }, 'グループ番号は300 ~ 399番までです。'],
      [{ ringGroupExtension: '399' }, 'グループ名を確認してください'],
      [{ ringGroupName: '営業' }, '呼び出し時間（秒）を確認してください'],
      [{ destinationTimeout: 181 }, '呼び出し時間（秒）は5 ~ 180秒までです。'],
      [{ destinationTimeout: 180 }, '不在時アクションのアナウンスを選択してください。'],
      [{ ringGroupTimeoutApp: 'transfer' }, '不在時アクションの転送番号を確認してください。'],
      [{ ringGroupTimeoutDataTransfer: '1000' }, ''],
    ];
    let current = broken;
    for (const [change, message] of steps) {
      current = { ...current, ...change };
      expect(ringGroupSaveError(current) ?? '').toBe(message);
    }
  });

  it('gives the number message first when both number and name are missing', () => {
    expect(ringGroupSaveError(form({ ringGroupExtension: ' ', ringGroupName: '' }))).toBe(
      ringGroupMessages.numberMissing,
    );
  });

  it('accepts only three-digit numbers from 300 to 399', () => {
    for (const n of ['300', '399']) expect(ringGroupSaveError(form({ ringGroupExtension: n })), n).toBeNull();
    for (const n of ['299', '400', '0300', '30a', '3.5e2']) {
      expect(ringGroupSaveError(form({ ringGroupExtension: n })), n).toBe(ringGroupMessages.numberRange);
    }
  });

  it('accepts whole ring seconds from 5 to 180', () => {
    for (const s of [5, 30, 180])
      expect(ringGroupSaveError(form({ destinationTimeout: s })), String(s)).toBeNull();
    for (const s of [4, 181, 0, -5, 10.5]) {
      expect(ringGroupSaveError(form({ destinationTimeout: s })), String(s)).toBe(
        ringGroupMessages.secondsRange,
      );
    }
    expect(ringGroupSaveError(form({ destinationTimeout: Number.NaN }))).toBe(
      ringGroupMessages.secondsMissing,
    );
  });

  it('needs a known announcement for the lua action', () => {
    const lua = form({ ringGroupTimeoutApp: 'lua', ringGroupTimeoutDataFile: 'welcome.wav' });
    expect(ringGroupSaveError(lua, context)).toBeNull();
    expect(ringGroupSaveError({ ...lua, ringGroupTimeoutDataFile: 'other.wav' }, context)).toBe(
      ringGroupMessages.announcementMissing,
    );
  });

  it('needs a number-input transfer destination that cannot smuggle dialplan words', () => {
    const transfer = form({ ringGroupTimeoutApp: 'transfer' });
    expect(ringGroupSaveError({ ...transfer, ringGroupTimeoutDataTransfer: '09012345678' })).toBeNull();
    for (const to of ['', '12', '1000 XML other', '1000a']) {
      expect(ringGroupSaveError({ ...transfer, ringGroupTimeoutDataTransfer: to }), to).toBe(
        ringGroupMessages.transferMissing,
      );
    }
  });

  it('ignores the action fields of actions not chosen', () => {
    expect(
      ringGroupSaveError(form({ ringGroupTimeoutApp: 'hangup', ringGroupTimeoutDataTransfer: 'x' })),
    ).toBeNull();
  });

  it('then checks, with the tenant context, the number, the greeting and the members', () => {
    expect(ringGroupSaveError(form({ ringGroupExtension: '302' }), context)).toBe(
      'このグループ番号は既に使用されています。',
    );
    expect(ringGroupSaveError(form({ ringGroupGreeting: 'gone.wav' }), context)).toBe(
      'アナウンスを確認してください。',
    );
    expect(ringGroupSaveError(form({ ringGroupGreeting: 'welcome.wav' }), context)).toBeNull();
    expect(ringGroupSaveError(form({ destList: ['1001', '2001'] }), context)).toBe(
      '内線番号を確認してください。',
    );
  });
});

describe('ring group absence mail', () => {
  it('refuses an address that is not one, with the schedule mail message; empty means no mail', () => {
    const mail = (ringGroupMissedCallData: string) => ringGroupSaveError(form({ ringGroupMissedCallData }));
    expect(mail('not-an-email')).toBe('メールアドレスを確認してください。');
    expect(mail('office@example')).toBe('メールアドレスを確認してください。');
    expect(mail('office@example.co.jp')).toBeNull();
    expect(mail('')).toBeNull();
  });
});

describe('ring group form schema', () => {
  it('fills the optional fields of a minimal payload', () => {
    const parsed = ringGroupFormSchema.parse({
      ringGroupExtension: '301',
      ringGroupName: '営業',
      ringGroupStrategy: 'enterprise',
      ringGroupTimeoutApp: 'hangup',
    });
    expect(parsed).toMatchObject({
      destinationTimeout: null,
      ringGroupEnabled: 'true',
      ringGroupGreeting: '',
      destList: [],
    });
    expect(ringGroupSaveError(parsed)).toBe(ringGroupMessages.secondsMissing);
  });

  it('strips derived fields a client may send along', () => {
    const parsed = ringGroupFormSchema.parse({
      ...form(),
      ringGroupTimeoutData: '1000 XML other.example',
      destinations: [{ destinationNumber: '9999', destinationTimeout: 30 }],
    });
    expect(parsed).not.toHaveProperty('ringGroupTimeoutData');
    expect(parsed).not.toHaveProperty('destinations');
  });

  it('rejects an unknown strategy or action', () => {
    expect(ringGroupFormSchema.safeParse({ ...form(), ringGroupStrategy: 'sequence' }).success).toBe(false);
    expect(ringGroupFormSchema.safeParse({ ...form(), ringGroupTimeoutApp: 'bridge' }).success).toBe(false);
  });
});

describe('ring group strategies', () => {
  it('explains how each strategy treats web phones', () => {
    const help = Object.fromEntries(RING_GROUP_STRATEGIES.map((s) => [s.value, s.help]));
    expect(help.enterprise).toContain('同時に');
    expect(help.enterprise).toContain('Webフォンも呼び出されます');
    expect(help.random).toContain('Webフォンは呼び出されません');
    expect(help.rollover).toContain('内線番号の小さい順');
  });
});
