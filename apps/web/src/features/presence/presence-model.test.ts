import type { CallStateItem } from '@tsunagu/contract/call';
import { describe, expect, it } from 'vitest';
import { colleagues, panelDirectory } from '../../test/panel-fixtures';
import {
  deskPhoneMap,
  memberViews,
  onlineCounts,
  otherParty,
  parkSlotOf,
  parkSlotViews,
} from './presence-model';

const sales = panelDirectory().userGroup.commDetails[0]!;
const suzukiOnline = [{ userUuid: colleagues.suzuki.userUuid, loginCnt: 1 }];

function channel(entry: Partial<CallStateItem>): CallStateItem {
  return {
    uuid: 'c1',
    extension: '1002',
    application: 'bridge',
    dest: '',
    cid_num: '',
    callee_num: '',
    sent_callee_num: '',
    direction: 'outbound',
    callstate: 'ACTIVE',
    ...entry,
  };
}

describe('presence model', () => {
  it('takes login counts from the latest logged-in list; nobody is online before it arrives', () => {
    expect(onlineCounts(undefined).size).toBe(0);
    const fresh = onlineCounts([{ userUuid: colleagues.tanaka.userUuid, loginCnt: 2 }]);
    expect(fresh.get(colleagues.tanaka.userUuid)).toBe(2);
    expect(fresh.get(colleagues.suzuki.userUuid)).toBeUndefined();
  });

  it('highlights logged-in users and oneself; IN only for the logged in', () => {
    const [self, suzuki] = memberViews(sales, onlineCounts(suzukiOnline), [], colleagues.yamada.userUuid);
    expect(self).toMatchObject({ self: true, loggedIn: false, highlighted: true, busy: false });
    expect(suzuki).toMatchObject({ self: false, loggedIn: true, highlighted: true });
    const [, offline] = memberViews(sales, new Map(), [], colleagues.yamada.userUuid);
    expect(offline).toMatchObject({ loggedIn: false, highlighted: false });
  });

  it("marks a member's desk phone ready or not, and nothing for an extension without one", () => {
    const phones = deskPhoneMap([
      { extension: colleagues.yamada.extension, registered: true },
      { extension: colleagues.suzuki.extension, registered: false },
    ]);
    const [yamada, suzuki] = memberViews(sales, new Map(), [], 'x', phones);
    expect(yamada?.deskPhone).toBe('ready');
    expect(suzuki?.deskPhone).toBe('offline');
    expect(memberViews(sales, new Map(), [], 'x')[0]?.deskPhone).toBeNull();
  });

  it('is busy in RINGING, ACTIVE, EARLY and DOWN only, with the other party of the call', () => {
    const views = (callstate: string) =>
      memberViews(sales, new Map(), [channel({ callstate, cid_num: '0312345678' })], 'x')[1];
    for (const state of ['RINGING', 'ACTIVE', 'EARLY', 'DOWN']) {
      expect(views(state)).toMatchObject({ busy: true, callNumber: '0312345678' });
    }
    expect(views('HELD')).toMatchObject({ busy: false, callNumber: null });
    expect(views('HANGUP')?.busy).toBe(false);
  });

  it('marks a member whose phone rings (a channel rung for the extension, unanswered) for pick-up', () => {
    const suzuki = (entry: Partial<CallStateItem>) =>
      memberViews(sales, new Map(), [channel(entry)], 'x')[1]?.ringing;
    expect(suzuki({ callstate: 'RINGING' })).toBe(true);
    expect(suzuki({ callstate: 'EARLY' })).toBe(true);
    expect(suzuki({ callstate: 'ACTIVE' })).toBe(false);
    // A call the member is making rings someone else.
    expect(suzuki({ callstate: 'RINGING', direction: 'inbound' })).toBe(false);
  });

  it('reads the other party: dest of a call the extension made, the caller of one it receives', () => {
    expect(otherParty(channel({ direction: 'inbound', dest: '0667778888', cid_num: '1002' }))).toBe(
      '0667778888',
    );
    expect(otherParty(channel({ direction: 'outbound', dest: '1002', cid_num: '0312340001' }))).toBe(
      '0312340001',
    );
    expect(otherParty(channel({ direction: 'outbound', cid_num: '1002', callee_num: '0455556666' }))).toBe(
      '0455556666',
    );
    expect(otherParty(channel({ direction: 'inbound', dest: '1002' }))).toBeNull();
  });

  it('reads the park slot from park+59NN (9th character) and from the bare 59NN', () => {
    expect(parkSlotOf('park+5903')).toBe(3);
    expect('park+5903'[8]).toBe('3');
    expect(parkSlotOf('5908')).toBe(8);
    expect(parkSlotOf('5909')).toBeNull();
    expect(parkSlotOf('15903')).toBeNull();
  });

  it('lists P1–P8 from valet_park channels, then from the park topic once it has spoken', () => {
    const parked = channel({
      application: 'valet_park',
      dest: 'park+5902',
      extension: '1001',
      cid_num: '0312340001',
    });
    const names = (ext: string) => (ext === '1001' ? '山田 太郎' : undefined);
    const fromChannels = parkSlotViews([parked, channel({})], null, names);
    expect(fromChannels).toHaveLength(8);
    expect(fromChannels[1]).toEqual({ slot: 2, use: true, userName: '山田 太郎', destNumber: '0312340001' });
    expect(fromChannels.filter((s) => s.use)).toHaveLength(1);

    // An outside caller parked by 1001: the parked channel is the caller's, its callee the one who parked it.
    const outside = channel({
      application: 'valet_park',
      dest: 'park+5903',
      extension: '',
      cid_num: '09012345678',
      callee_num: '1001',
    });
    expect(parkSlotViews([outside], null, names)[2]).toEqual({
      slot: 3,
      use: true,
      userName: '山田 太郎',
      destNumber: '09012345678',
    });

    const fromTopic = parkSlotViews([parked], new Set([5]), names);
    expect(fromTopic[1]?.use).toBe(false);
    expect(fromTopic[4]).toEqual({ slot: 5, use: true, userName: null, destNumber: null });
  });
});
