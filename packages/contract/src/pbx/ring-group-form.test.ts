import { describe, expect, it } from 'vitest';
import type { RingGroup, RingGroupForm } from './ring-group';
import {
  newRingGroupForm,
  ringGroupDestinations,
  ringGroupFromForm,
  ringGroupTimeoutData,
  ringGroupToForm,
} from './ring-group-form';

const ids = {
  ringGroupUuid: '00000000-0000-0000-0000-000000000301',
  domainUuid: '00000000-0000-0000-0000-0000000000d1',
};
const domain = 'example.com';

const form = (over: Partial<RingGroupForm> = {}): RingGroupForm => ({
  ...newRingGroupForm(),
  ringGroupUuid: ids.ringGroupUuid,
  ringGroupExtension: '301',
  ringGroupName: '営業',
  destList: ['1001', '1002'],
  ...over,
});

const roundTrip = (f: RingGroupForm) => ringGroupToForm({ ...ids, ...ringGroupFromForm(f, domain) });

describe('ring group defaults', () => {
  it('starts as enterprise, 30 s, hang up, enabled', () => {
    expect(newRingGroupForm()).toMatchObject({
      ringGroupStrategy: 'enterprise',
      destinationTimeout: 30,
      ringGroupTimeoutApp: 'hangup',
      ringGroupEnabled: 'true',
      destList: [],
    });
  });
});

describe('ring group derived fields', () => {
  const files = { ringGroupTimeoutDataFile: 'closed.wav', ringGroupTimeoutDataTransfer: '0312345678' };

  it('builds the timeout data for each action', () => {
    expect(ringGroupTimeoutData('lua', files, domain)).toBe('streamfile.lua closed.wav');
    expect(ringGroupTimeoutData('transfer', files, domain)).toBe('0312345678 XML example.com');
    expect(ringGroupTimeoutData('hangup', files, domain)).toBeNull();
  });

  it('drops spaces from a transfer number so it stays one dialplan argument', () => {
    expect(
      ringGroupTimeoutData('transfer', { ...files, ringGroupTimeoutDataTransfer: '03 1234 5678' }, domain),
    ).toBe('0312345678 XML example.com');
  });

  it('lists members once each, in extension order, with the ring seconds', () => {
    expect(ringGroupDestinations(['1010', '999', '1002', '1010'], 20)).toEqual([
      { destinationNumber: '999', destinationTimeout: 20 },
      { destinationNumber: '1002', destinationTimeout: 20 },
      { destinationNumber: '1010', destinationTimeout: 20 },
    ]);
  });

  it('derives the stored group: context, mail app and members', () => {
    const stored = ringGroupFromForm(
      form({ ringGroupMissedCallData: ' sales@example.com ', destinationTimeout: 45 }),
      domain,
    );
    expect(stored).toEqual({
      ringGroupContext: 'example.com',
      ringGroupName: '営業',
      ringGroupExtension: '301',
      ringGroupGreeting: '',
      ringGroupStrategy: 'enterprise',
      ringGroupEnabled: 'true',
      ringGroupTimeoutApp: 'hangup',
      ringGroupTimeoutData: null,
      ringGroupMissedCallApp: 'email',
      ringGroupMissedCallData: 'sales@example.com',
      destinations: [
        { destinationNumber: '1001', destinationTimeout: 45 },
        { destinationNumber: '1002', destinationTimeout: 45 },
      ],
    });
  });

  it('has no mail app without a mail address', () => {
    const stored = ringGroupFromForm(form({ ringGroupMissedCallData: '  ' }), domain);
    expect(stored.ringGroupMissedCallApp).toBeNull();
    expect(stored.ringGroupMissedCallData).toBeNull();
  });
});

describe('ring group round trips', () => {
  const forms: [string, RingGroupForm][] = [
    ['hang up', form()],
    [
      'announcement',
      form({
        ringGroupTimeoutApp: 'lua',
        ringGroupTimeoutDataFile: 'closed.wav',
        ringGroupGreeting: 'hello.wav',
      }),
    ],
    [
      'transfer',
      form({
        ringGroupTimeoutApp: 'transfer',
        ringGroupTimeoutDataTransfer: '1000',
        ringGroupStrategy: 'rollover',
      }),
    ],
    [
      'mail, random, stopped',
      form({
        ringGroupMissedCallData: 'a@example.com',
        ringGroupStrategy: 'random',
        ringGroupEnabled: 'false',
        destinationTimeout: 5,
      }),
    ],
  ];

  it.each(forms)('form → stored → form keeps a %s group', (_, f) => {
    expect(roundTrip(f)).toEqual(f);
  });

  it('stored → form → stored keeps the stored group', () => {
    const stored: RingGroup = {
      ...ids,
      ringGroupContext: domain,
      ringGroupName: 'サポート',
      ringGroupExtension: '350',
      ringGroupGreeting: 'hello.wav',
      ringGroupStrategy: 'rollover',
      ringGroupEnabled: 'true',
      ringGroupTimeoutApp: 'transfer',
      ringGroupTimeoutData: '09012345678 XML example.com',
      ringGroupMissedCallApp: 'email',
      ringGroupMissedCallData: 'support@example.com',
      destinations: [
        { destinationNumber: '1001', destinationTimeout: 60 },
        { destinationNumber: '1003', destinationTimeout: 60 },
      ],
    };
    expect({ ...ids, ...ringGroupFromForm(ringGroupToForm(stored), domain) }).toEqual(stored);
  });

  it('reads the edit fields back from a stored group', () => {
    const lua = ringGroupToForm({
      ...ids,
      ...ringGroupFromForm(
        form({ ringGroupTimeoutApp: 'lua', ringGroupTimeoutDataFile: 'closed.wav' }),
        domain,
      ),
    });
    expect(lua.ringGroupTimeoutDataFile).toBe('closed.wav');
    expect(lua.ringGroupTimeoutDataTransfer).toBe('');
  });

  it('gives a memberless group the default ring seconds', () => {
    expect(roundTrip(form({ destList: [], destinationTimeout: 90 })).destinationTimeout).toBe(30);
  });

  it('normalises the member order and a spaced transfer number', () => {
    const f = form({
      destList: ['1002', '1001'],
      ringGroupTimeoutApp: 'transfer',
      ringGroupTimeoutDataTransfer: '10 00',
    });
    expect(roundTrip(f)).toEqual({ ...f, destList: ['1001', '1002'], ringGroupTimeoutDataTransfer: '1000' });
  });
});
