import { describe, expect, it } from 'vitest';
import { EslDecoder } from '../esl/esl-codec';
import { toEngineEvent } from '../esl/events';
import { fixture } from '../testing/fixtures';
import type { CallStateEntry as Channel } from '../types';
import { ChannelTable } from './channel-table';

const DOMAIN = 'tenant-a.example';
const events = new EslDecoder()
  .push(fixture('esl/esl-session.rx.raw'))
  .flatMap((m) => (m.type === 'event' ? [m.event] : []));

function channel(fields: Partial<Channel>): Channel {
  return {
    uuid: 'u1',
    call_uuid: 'u1',
    name: 'sofia/internal/1001@127.0.0.1',
    direction: 'inbound',
    callstate: 'RINGING',
    dest: '1002',
    application: '',
    application_data: '',
    cid_name: '山田',
    cid_num: '1001',
    callee_name: '',
    callee_num: '1002',
    sent_callee_num: '',
    presence_id: `1001@${DOMAIN}`,
    context: DOMAIN,
    domain: DOMAIN,
    ...fields,
  };
}

describe('ChannelTable', () => {
  it('never brings back a hung-up channel through FreeSWITCH’s late events (recorded CHANNEL_UNPARK after HANGUP)', () => {
    const table = new ChannelTable();
    const uuid = '3606eda9-fb4f-4f17-9481-52d4444c7ebb';
    const mine = events.filter((e) => e['Unique-ID'] === uuid);
    const names = mine.map((e) => e['Event-Name']);
    expect(names.indexOf('CHANNEL_UNPARK')).toBeGreaterThan(names.indexOf('CHANNEL_HANGUP'));
    for (const event of mine) {
      const mapped = toEngineEvent(event);
      if (mapped?.kind === 'call-state') table.update(mapped.entry);
      if (mapped?.kind === 'hangup') table.remove(mapped.uuid);
      if (event['Event-Name'] === 'CHANNEL_UNPARK') expect(table.get(uuid)).toBeUndefined();
    }
    expect(table.list(DOMAIN)).toEqual([]);
  });

  it('keeps what an earlier event said when a later one leaves it out', () => {
    const table = new ChannelTable();
    table.update(channel({ application: 'bridge', callstate: 'RINGING' }));
    expect(table.update(channel({ application: '', callstate: 'ACTIVE' }))).toEqual([DOMAIN]);
    expect(table.list(DOMAIN)).toEqual([
      expect.objectContaining({ application: 'bridge', callstate: 'ACTIVE', extension: '1001' }),
    ]);
  });

  it('reports a change only when the listing changes, and both tenants when a channel moves', () => {
    const table = new ChannelTable();
    expect(table.update(channel({ domain: '', presence_id: '', context: 'public' }))).toEqual([]);
    expect(table.update(channel({ domain: DOMAIN }))).toEqual([DOMAIN]);
    expect(table.update(channel({ domain: DOMAIN }))).toEqual([]);
    expect(table.update(channel({ domain: 'b.example', presence_id: '' })).sort()).toEqual(
      ['b.example', DOMAIN].sort(),
    );
    expect(table.list(DOMAIN)).toEqual([]);
    expect(table.remove('u1')).toEqual(['b.example']);
  });

  it('maps FreeSWITCH’s call states onto the console’s', () => {
    const table = new ChannelTable();
    const states = ['RING_WAIT', 'EARLY', 'ACTIVE', 'HELD', 'UNHELD', 'DOWN', 'SOMETHING'];
    states.forEach((callstate, i) => table.update(channel({ uuid: `u${i}`, callstate })));
    expect(table.list(DOMAIN).map((c) => c.callstate)).toEqual([
      'RINGING',
      'EARLY',
      'ACTIVE',
      'HELD',
      'ACTIVE',
      'DOWN',
      'DOWN',
    ]);
  });

  it('finds the call to listen to: the extension’s answered or held one', () => {
    const table = new ChannelTable();
    table.update(channel({ uuid: 'ringing', callstate: 'RINGING' }));
    expect(table.monitorTarget(DOMAIN, '1001')).toBeNull();
    table.update(channel({ uuid: 'held', callstate: 'HELD' }));
    expect(table.monitorTarget(DOMAIN, '1001')).toBe('held');
    expect(table.monitorTarget(DOMAIN, '1002')).toBeNull();
    expect(table.monitorTarget('b.example', '1001')).toBeNull();
  });

  it('finds the call to pick up: the caller of the oldest unanswered channel ringing the extension', () => {
    const table = new ChannelTable();
    const rung = { direction: 'outbound' as const, presence_id: `1002@${DOMAIN}` };
    table.update(channel({ ...rung, uuid: 'answered', call_uuid: 'caller-0', callstate: 'ACTIVE' }));
    // A click-to-call's own leg: FreeSWITCH originated it, there is no caller to take.
    table.update(channel({ ...rung, uuid: 'c2c', call_uuid: 'c2c', callstate: 'RINGING' }));
    expect(table.pickupTarget(DOMAIN, '1002')).toBeNull();
    table.update(channel({ ...rung, uuid: 'first', call_uuid: 'caller-1', callstate: 'RINGING' }));
    table.update(channel({ ...rung, uuid: 'second', call_uuid: 'caller-2', callstate: 'EARLY' }));
    expect(table.pickupTarget(DOMAIN, '1002')).toBe('caller-1');
    // The caller's own channel (inbound, dialled by 1001) is not a call ringing 1001.
    expect(table.pickupTarget(DOMAIN, '1001')).toBeNull();
    expect(table.pickupTarget('b.example', '1002')).toBeNull();
  });
});
