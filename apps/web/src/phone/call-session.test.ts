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

  it('does not ring while a call is already in progress, but queues, notifies and plays the call-waiting tone', () => {
    const { state, types } = run([
      { type: 'trying', call: caller('out', '1002', '') },
      { type: 'active', callID: 'out', at: 0 },
      { type: 'ringing', call: caller('b') },
    ]);
    expect(types).toEqual(['notify', 'openPhoneTab', 'callWaitingTone']);
    expect(state.calls.b?.line).toBe(2);
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

describe('lines L1–L4', () => {
  it('gives each call the lowest free line and keeps it; a freed line is reused', () => {
    const { state } = run([
      { type: 'ringing', call: caller('a') },
      { type: 'ringing', call: caller('b') },
      { type: 'ringing', call: caller('c') },
      { type: 'hangup', callID: 'b' },
      { type: 'trying', call: caller('d', '1002', '') },
    ]);
    expect(Object.values(state.calls).map((c) => [c.callID, c.line])).toEqual([
      ['a', 1],
      ['c', 3],
      ['d', 2],
    ]);
  });

  it('refuses a fifth call: it is not shown, and the phone is told to refuse it busy', () => {
    const four = run(['a', 'b', 'c', 'd'].map((id) => ({ type: 'ringing', call: caller(id) }) as const));
    const { state, effects } = run([{ type: 'ringing', call: caller('e') }], four.state);
    expect(state).toBe(four.state);
    expect(effects).toEqual([{ type: 'linesFull', callID: 'e' }]);
    // Nor is a fifth call placed.
    expect(run([{ type: 'trying', call: caller('f', '1002', '') }], four.state).state).toBe(four.state);
  });
});

describe('switching between two calls', () => {
  const twoCalls = run([
    { type: 'ringing', call: caller('a') },
    { type: 'active', callID: 'a', at: 0 },
    { type: 'held', callID: 'a' },
    { type: 'setAside', callID: 'a' },
    { type: 'ringing', call: caller('b', '1002', '鈴木') },
    { type: 'active', callID: 'b', at: 10 },
  ]).state;

  it('takes a held call up again once the current one was set aside', () => {
    const { state } = run(
      [
        { type: 'held', callID: 'b' },
        { type: 'setAside', callID: 'b' },
        { type: 'takeUp', callID: 'a' },
        { type: 'active', callID: 'a', at: 20 },
      ],
      twoCalls,
    );
    expect(state.currentId).toBe('a');
    expect(state.aside).toEqual(['b']);
    expect(state.calls.a).toMatchObject({ status: 'active', activeSince: 0 });
  });

  it('takes nothing up while a call is current, nor a call that is not held aside', () => {
    expect(run([{ type: 'takeUp', callID: 'a' }], twoCalls).state).toBe(twoCalls);
  });
});

describe('attended transfer (consulting)', () => {
  const consulting = run([
    { type: 'ringing', call: caller('a') },
    { type: 'active', callID: 'a', at: 0 },
    { type: 'held', callID: 'a' },
    { type: 'setAside', callID: 'a' },
    { type: 'trying', call: caller('c', '1002', '') },
    { type: 'consult', consult: { heldId: 'a', consultId: 'c' } },
  ]).state;

  it('remembers which call waits and which consults', () => {
    expect(consulting.consult).toEqual({ heldId: 'a', consultId: 'c' });
    expect(consulting.currentId).toBe('c');
  });

  it('ends with the colleague’s call: the caller comes back as the current call, still held', () => {
    const { state, types } = run([{ type: 'hangup', callID: 'c' }], consulting);
    expect(state.consult).toBeNull();
    expect(currentCall(state)).toMatchObject({ callID: 'a', status: 'held' });
    expect(types).toContain('busyTone');
  });

  it('ends when the caller gives up on hold; the colleague’s call goes on as an ordinary call', () => {
    const { state } = run([{ type: 'hangup', callID: 'a' }], consulting);
    expect(state.consult).toBeNull();
    expect(state.currentId).toBe('c');
  });
});

describe('three-way call', () => {
  const joined = run([
    { type: 'ringing', call: caller('a') },
    { type: 'active', callID: 'a', at: 0 },
    { type: 'held', callID: 'a' },
    { type: 'setAside', callID: 'a' },
    { type: 'trying', call: caller('c', '1002', '') },
    { type: 'consult', consult: { heldId: 'a', consultId: 'c' } },
    { type: 'active', callID: 'c', at: 5 },
    { type: 'active', callID: 'a', at: 6 },
    { type: 'conference', callID: 'a' },
  ]).state;

  it('joins the held call to the current one (the consultation becomes the three-way call)', () => {
    expect(joined.conference).toEqual(['c', 'a']);
    expect(joined.aside).toEqual([]);
    expect(joined.consult).toBeNull();
  });

  it('falls back to an ordinary call with whoever stays, without the busy tone', () => {
    const current = run([{ type: 'hangup', callID: 'c' }], joined);
    expect(current.state).toMatchObject({ conference: null, currentId: 'a' });
    expect(current.types).not.toContain('busyTone');
    const other = run([{ type: 'hangup', callID: 'a' }], joined);
    expect(other.state).toMatchObject({ conference: null, currentId: 'c' });
  });

  it('joins only a call held aside, to a current call', () => {
    const alone = run([
      { type: 'ringing', call: caller('a') },
      { type: 'active', callID: 'a', at: 0 },
    ]).state;
    expect(run([{ type: 'conference', callID: 'a' }], alone).state).toBe(alone);
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
