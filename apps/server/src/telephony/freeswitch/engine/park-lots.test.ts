import { describe, expect, it } from 'vitest';
import type { ParkEvent } from '../types';
import { ParkLots } from './park-lots';

const DOMAIN = 'tenant-a.example';
const hold = (fields: Partial<ParkEvent> = {}): ParkEvent => ({
  kind: 'park',
  lot: `5900@${DOMAIN}`,
  domain: DOMAIN,
  slot: '5903',
  action: 'hold',
  occupied: true,
  uuid: 'parked-1',
  callerIdNumber: '0312345678',
  callerIdName: '顧客',
  ...fields,
});

describe('ParkLots', () => {
  it('fills and frees P1–P8 from valet events, reporting only real changes', () => {
    const lots = new ParkLots();
    expect(lots.apply(hold())).toBe(DOMAIN);
    expect(lots.apply(hold())).toBeNull();
    expect(lots.slots(DOMAIN)[2]).toEqual({
      slot: 3,
      extension: '5903',
      occupied: true,
      callerIdNumber: '0312345678',
      callerIdName: '顧客',
    });
    // An exit for a call that no longer waits there (another has taken the slot) changes nothing.
    expect(lots.apply(hold({ action: 'exit', occupied: false, uuid: 'someone-else' }))).toBeNull();
    expect(lots.apply(hold({ action: 'bridge', occupied: false }))).toBe(DOMAIN);
    expect(lots.slots(DOMAIN).map((s) => s.occupied)).toEqual(Array(8).fill(false));
  });

  it('ignores other lots and numbers outside 5901–5908', () => {
    const lots = new ParkLots();
    expect(lots.apply(hold({ lot: '6000@tenant-a.example' }))).toBeNull();
    expect(lots.apply(hold({ lot: `5900@b.example` }))).toBeNull();
    expect(lots.apply(hold({ slot: '5909' }))).toBeNull();
    expect(lots.apply(hold({ slot: '05901' }))).toBeNull();
  });

  it('rebuilds from valet_info with callers from the channel table', () => {
    const lots = new ParkLots();
    lots.apply(hold({ slot: '5905' }));
    const changed = lots.replace(
      [
        { lot: `5900@${DOMAIN}`, domain: DOMAIN, slot: '5901', uuid: 'a' },
        { lot: '5900@b.example', domain: 'b.example', slot: '5902', uuid: 'b' },
      ],
      (uuid) => ({ callerIdNumber: `n-${uuid}`, callerIdName: `name-${uuid}` }),
    );
    expect(changed.sort()).toEqual(['b.example', DOMAIN].sort());
    expect(
      lots
        .slots(DOMAIN)
        .filter((s) => s.occupied)
        .map((s) => [s.extension, s.callerIdNumber]),
    ).toEqual([['5901', 'n-a']]);
  });
});
