import { describe, expect, it } from 'vitest';
import {
  currentCall,
  emptySession,
  formatDuration,
  reduceSession,
  sessionDurationMs,
  waitingCalls,
  type CallSession,
  type SessionEffect,
  type SessionEvent,
} from './call-session';

const ringing = { silentRing: false };

/** Applies events in order; returns the final state and every effect, in order. */
function run(events: SessionEvent[], state: CallSession = emptySession, options = ringing) {
  const effects: SessionEffect[] = [];
  for (const event of events) {
    const result = reduceSession(state, event, options);
    state = result.state;
    effects.push(...result.effects);
  }
  return { state, effects, types: effects.map((e) => e.type) };
}

const caller = (callID: string, number = '0312340001', name = '代表#佐藤') => ({ callID, number, name });

describe('ringing', () => {
  it('queues the call, notifies, opens the call tab and rings', () => {
    const { state, effects } = run([{ type: 'ringing', call: caller('a') }]);
    expect(state.incoming).toEqual(['a']);
    expect(state.calls.a).toMatchObject({ status: 'ringing', direction: 'inbound', number: '0312340001' });
    expect(currentCall(state)).toBeNull();
    expect(effects).toEqual([
      { type: 'notify', call: state.calls.a },
      { type: 'openPhoneTab' },
      { type: 'startRing' },
    ]);
  });

  it("does not ring with the ringtone 'none'", () => {
    const { types } = run([{ type: 'ringing', call: caller('a') }], emptySession, { silentRing: true });
    expect(types).toEqual(['notify', 'openPhoneTab']);
  });

  it('does not ring while a call is already in progress, but still queues and notifies', () => {
    const { state, types } = run([
      { type: 'trying', call: caller('out', '1002', '') },
      { type: 'active', callID: 'out', at: 0 },
      { type: 'ringing', call: caller('b') },
    ]);
    expect(types).toEqual(['notify', 'openPhoneTab']);
    expect(waitingCalls(state).map((c) => c.callID)).toEqual(['b']);
    expect(state.currentId).toBe('out');
  });

  it('keeps several waiting calls in arrival order and ignores a repeated invite', () => {
    const { state } = run([
      { type: 'ringing', call: caller('a') },
      { type: 'ringing', call: caller('b') },
      { type: 'ringing', call: caller('a', '9') },
    ]);
    expect(state.incoming).toEqual(['a', 'b']);
    expect(state.calls.a?.number).toBe('0312340001');
  });
});

describe('active', () => {
  it('makes an answered call current, leaves the queue, stops the ring and starts the timer', () => {
    const { state, types } = run([
      { type: 'ringing', call: caller('a') },
      { type: 'active', callID: 'a', at: 1_000 },
    ]);
    expect(state.currentId).toBe('a');
    expect(state.incoming).toEqual([]);
    expect(state.calls.a).toMatchObject({ status: 'active', activeSince: 1_000 });
    expect(types.at(-1)).toBe('stopRing');
    expect(sessionDurationMs(state, 4_500)).toBe(3_500);
  });

  it('keeps ringing while other calls still wait', () => {
    const { types } = run([
      { type: 'ringing', call: caller('a') },
      { type: 'ringing', call: caller('b') },
      { type: 'active', callID: 'a', at: 0 },
    ]);
    expect(types).not.toContain('stopRing');
  });

  it('does not take the place of a current call', () => {
    const { state } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'ringing', call: caller('a') },
      { type: 'active', callID: 'a', at: 0 },
    ]);
    expect(state.currentId).toBe('x');
  });

  it('resuming from hold does not restart the timer', () => {
    const { state } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'active', callID: 'x', at: 1_000 },
      { type: 'held', callID: 'x' },
      { type: 'active', callID: 'x', at: 9_000 },
    ]);
    expect(state.calls.x).toMatchObject({ status: 'active', activeSince: 1_000 });
    expect(formatDuration(sessionDurationMs(state, 11_000))).toBe('00:00:10');
  });

  it('ignores an unknown call', () => {
    const { state, effects } = run([{ type: 'active', callID: 'nobody', at: 0 }]);
    expect(state).toEqual(emptySession);
    expect(effects).toEqual([]);
  });
});

describe('trying, held, muted, display, recovering', () => {
  it('an outgoing call is current from the moment it is placed, with no timer yet', () => {
    const { state } = run([{ type: 'trying', call: caller('x', '1002', '') }]);
    expect(currentCall(state)).toMatchObject({ callID: 'x', status: 'trying', direction: 'outbound' });
    expect(sessionDurationMs(state, 5_000)).toBe(0);
  });

  it('marks a call held, muted and re-identified', () => {
    const { state } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'active', callID: 'x', at: 0 },
      { type: 'held', callID: 'x' },
      { type: 'muted', callID: 'x', muted: true },
      { type: 'display', callID: 'x', number: '1000', name: '受付' },
    ]);
    expect(state.calls.x).toMatchObject({ status: 'held', muted: true, number: '1000', name: '受付' });
  });

  it('a recovering call becomes the current call, active and timed', () => {
    const { state, effects } = run([{ type: 'recovering', call: caller('r'), at: 2_000 }]);
    expect(currentCall(state)).toMatchObject({ callID: 'r', status: 'active', activeSince: 2_000 });
    expect(effects).toEqual([]);
  });
});

describe('hangup / destroy', () => {
  it('clears the current call, plays the busy tone and resets the timer', () => {
    const { state, types } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'active', callID: 'x', at: 0 },
      { type: 'hangup', callID: 'x' },
    ]);
    expect(currentCall(state)).toBeNull();
    expect(state.calls).toEqual({});
    expect(types).toEqual(['busyTone']);
    expect(sessionDurationMs(state, 10_000)).toBe(0);
  });

  it('removes a waiting call; the ring stops when the queue is empty, without a busy tone', () => {
    const first = run([
      { type: 'ringing', call: caller('a') },
      { type: 'ringing', call: caller('b') },
      { type: 'hangup', callID: 'a' },
    ]);
    expect(first.state.incoming).toEqual(['b']);
    expect(first.types.filter((t) => t === 'stopRing' || t === 'busyTone')).toEqual([]);
    const second = run([{ type: 'hangup', callID: 'b' }], first.state);
    expect(second.types).toEqual(['stopRing']);
  });

  it('clears only the call whose id matches', () => {
    const { state, types } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'ringing', call: caller('a') },
      { type: 'hangup', callID: 'a' },
    ]);
    expect(state.currentId).toBe('x');
    expect(types).not.toContain('busyTone');
  });

  it('rings again for calls still waiting once the current call ends', () => {
    const { types } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'ringing', call: caller('a') },
      { type: 'hangup', callID: 'x' },
    ]);
    expect(types.slice(-2)).toEqual(['busyTone', 'startRing']);
  });

  it('brings back the call held aside when the current one ends', () => {
    const { state } = run([
      { type: 'trying', call: caller('x', '1002', '') },
      { type: 'active', callID: 'x', at: 0 },
      { type: 'held', callID: 'x' },
      { type: 'setAside', callID: 'x' },
      { type: 'ringing', call: caller('a') },
      { type: 'active', callID: 'a', at: 5_000 },
    ]);
    expect(state.currentId).toBe('a');
    expect(state.aside).toEqual(['x']);
    const after = run([{ type: 'hangup', callID: 'a' }], state).state;
    expect(currentCall(after)).toMatchObject({ callID: 'x', status: 'held', activeSince: 0 });
    expect(after.aside).toEqual([]);
  });

  it('ignores an unknown call', () => {
    expect(run([{ type: 'hangup', callID: 'nobody' }]).effects).toEqual([]);
  });
});

describe('formatDuration', () => {
  it('formats HH:mm:ss and keeps counting hours', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59_999)).toBe('00:00:59');
    expect(formatDuration(3_723_000)).toBe('01:02:03');
    expect(formatDuration(90_000_000)).toBe('25:00:00');
    expect(formatDuration(-5)).toBe('00:00:00');
  });
});
