import type { CallStateItem } from '@tsunagu/contract/call';
import { describe, expect, it } from 'vitest';
import { emptySession, reduceSession, type CallSession, type SessionEvent } from './call-session';
import { softphoneControls } from './controls';
import { occupiedSlots, parkAction, parkSlotOf, parkTarget } from './park';

function session(...events: SessionEvent[]): CallSession {
  return events.reduce(
    (state, event) => reduceSession(state, event, { silentRing: false }).state,
    emptySession,
  );
}

const ring = (callID: string, name = '', number = '0312340001'): SessionEvent => ({
  type: 'ringing',
  call: { callID, name, number },
});
const none = new Set<number>();

describe('softphone controls with no current call', () => {
  it("enables 'Dial' only when a number has been entered", () => {
    expect(softphoneControls(emptySession, '', none).dial).toBe(false);
    expect(softphoneControls(emptySession, '   ', none).dial).toBe(false);
    expect(softphoneControls(emptySession, '1002', none).dial).toBe(true);
  });

  it("shows 'Hang up' and 'Receive call' only while calls wait", () => {
    const idle = softphoneControls(emptySession, '', none);
    expect([idle.hangUp, idle.receive, idle.hold, idle.transfer]).toEqual([false, false, false, false]);
    const waiting = softphoneControls(session(ring('a')), '', none);
    expect([waiting.hangUp, waiting.receive, waiting.hold, waiting.transfer]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('enables only occupied park slots (to retrieve)', () => {
    const controls = softphoneControls(emptySession, '', new Set([3, 8]));
    expect(controls.park.filter((p) => p.enabled).map((p) => p.slot)).toEqual([3, 8]);
    expect(controls.park.filter((p) => p.occupied).map((p) => p.slot)).toEqual([3, 8]);
  });

  it('enables the line buttons that have a waiting call, titled with the caller', () => {
    const controls = softphoneControls(
      session(ring('a', '代表#佐藤'), ring('b', '', '09011112222')),
      '',
      none,
    );
    const free = { callID: null, title: '', status: null, current: false, enabled: false };
    expect(controls.lines).toEqual([
      { line: 1, callID: 'a', title: '代表#佐藤', status: 'ringing', current: false, enabled: true },
      { line: 2, callID: 'b', title: '09011112222', status: 'ringing', current: false, enabled: true },
      { line: 3, ...free },
      { line: 4, ...free },
    ]);
  });
});

describe('softphone controls with a current call', () => {
  const talking = session(
    { type: 'trying', call: { callID: 'x', number: '1002', name: '' } },
    { type: 'active', callID: 'x', at: 0 },
  );

  it("shows 'Hold' and 'Hang up', enables transfer and mute, and the keypad sends DTMF", () => {
    const controls = softphoneControls(talking, '1000', none);
    expect(controls).toMatchObject({
      hangUp: true,
      receive: false,
      hold: true,
      held: false,
      transfer: true,
      mute: true,
      keypadSendsDtmf: true,
      dial: false,
    });
  });

  it('shows Hold active while held', () => {
    expect(softphoneControls(talking, '', none).held).toBe(false);
    const held = reduceSession(talking, { type: 'held', callID: 'x' }, { silentRing: false }).state;
    expect(softphoneControls(held, '', none).held).toBe(true);
  });

  it('lets any park slot park the call', () => {
    const controls = softphoneControls(talking, '', new Set([2]));
    expect(controls.park.every((p) => p.enabled)).toBe(true);
  });

  it('call waiting: a call ringing during a call has its line enabled (answering holds the current one); the current line is pressed', () => {
    const waiting = reduceSession(talking, ring('a'), { silentRing: false }).state;
    const controls = softphoneControls(waiting, '', none);
    expect(controls.lines[0]).toMatchObject({ callID: 'x', current: true, enabled: false });
    expect(controls.lines[1]).toMatchObject({ callID: 'a', status: 'ringing', enabled: true });
    expect(controls.receive).toBe(false);
  });

  it('an outgoing call not yet answered can be hung up but not held, transferred or parked', () => {
    const dialling = session({ type: 'trying', call: { callID: 'x', number: '1002', name: '' } });
    const controls = softphoneControls(dialling, '', new Set([1]));
    expect(controls).toMatchObject({ hangUp: true, hold: false, transfer: false, keypadSendsDtmf: false });
    expect(controls.park.some((p) => p.enabled)).toBe(false);
  });
});

describe('two calls at once', () => {
  const calls = (...events: SessionEvent[]) =>
    session(
      { type: 'ringing', call: { callID: 'a', number: '0312340001', name: '代表#佐藤' } },
      { type: 'active', callID: 'a', at: 0 },
      { type: 'held', callID: 'a' },
      { type: 'setAside', callID: 'a' },
      { type: 'trying', call: { callID: 'b', number: '1002', name: '' } },
      ...events,
    );

  it('consulting: the held call’s line switches back once the colleague answered, not while it rings', () => {
    const ringingOut = softphoneControls(calls(), '', none);
    expect(ringingOut.lines[0]).toMatchObject({ callID: 'a', status: 'held', enabled: false });
    expect(ringingOut.lines[1]).toMatchObject({ callID: 'b', current: true });
    expect([ringingOut.conference, ringingOut.consult, ringingOut.hold]).toEqual([false, false, false]);
    const answered = softphoneControls(calls({ type: 'active', callID: 'b', at: 1 }), '', none);
    expect(answered.lines[0]).toMatchObject({ callID: 'a', enabled: true });
    // Two calls up: they can be joined into a three-way call; a third line is free for another consultation.
    expect([answered.conference, answered.consult, answered.transfer]).toEqual([true, true, true]);
  });

  it('a three-way call is neither held, transferred, parked nor switched; mute stays', () => {
    const joined = calls(
      { type: 'active', callID: 'b', at: 1 },
      { type: 'active', callID: 'a', at: 2 },
      { type: 'conference', callID: 'a' },
    );
    const controls = softphoneControls(joined, '', none);
    expect(controls).toMatchObject({
      hold: false,
      transfer: false,
      consult: false,
      conference: false,
      mute: true,
      hangUp: true,
    });
    expect(controls.park.some((p) => p.enabled)).toBe(false);
    expect(controls.lines.filter((l) => l.enabled)).toEqual([]);
  });

  it('with all four lines taken nothing more can be dialled', () => {
    const full = session(ring('a'), ring('b'), ring('c'), ring('d'));
    expect(softphoneControls(full, '1002', none).dial).toBe(false);
  });
});

describe('park slots', () => {
  it('maps P1–P8 to park+5901–5908, and parks in a call or retrieves without one', () => {
    expect(parkTarget(1)).toBe('park+5901');
    expect(parkTarget(8)).toBe('park+5908');
    expect(parkAction(3, true)).toEqual({ kind: 'park', number: 'park+5903' });
    expect(parkAction(3, false)).toEqual({ kind: 'retrieve', number: '5903' });
  });

  it("reads the slot from a valet_park channel's dest (the 9th character, or a bare 59NN)", () => {
    expect(parkSlotOf('park+5903')).toBe(3);
    expect(parkSlotOf('5907')).toBe(7);
    expect(parkSlotOf('5909')).toBeNull();
    expect(parkSlotOf('1002')).toBeNull();
  });

  it('takes occupancy from the park topic once it has arrived, else from valet_park channels', () => {
    const channel = (application: string, dest: string) => ({ application, dest }) as CallStateItem;
    const channels = [channel('valet_park', 'park+5903'), channel('bridge', 'park+5904')];
    expect([...occupiedSlots(channels, null)]).toEqual([3]);
    expect([...occupiedSlots(channels, new Set([5]))]).toEqual([5]);
  });
});
