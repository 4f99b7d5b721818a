import { describe, expect, it } from 'vitest';
import { nextStatus, type StatusEvent, type StoredStatus } from './status-transitions';

const t = (s: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, s));
const stored = (status: StoredStatus['status'], rest: Partial<StoredStatus> = {}): StoredStatus => ({
  status,
  since: t(0),
  resumeStatus: null,
  wrapUpUntil: null,
  ...rest,
});

/** Runs events from a start, returning the statuses after each (unchanged repeats the last). */
function walk(start: StoredStatus | null, events: StatusEvent[]): string[] {
  let current = start;
  return events.map((event, i) => {
    current = nextStatus(current, event, t(i + 1)) ?? current;
    return current?.status ?? 'none';
  });
}

describe('user status transitions', () => {
  it('signing in makes 在席, signing out ログアウト; no row is signed out', () => {
    expect(walk(null, [{ kind: 'signedIn' }, { kind: 'signedOut' }])).toEqual(['available', 'signedOut']);
    expect(nextStatus(null, { kind: 'signedOut' }, t(1))).toBeNull();
  });

  it('a second sign-in keeps the chosen status', () => {
    expect(nextStatus(stored('meeting'), { kind: 'signedIn' }, t(1))).toBeNull();
  });

  it('a call returns to the status chosen before it', () => {
    expect(walk(stored('away'), [{ kind: 'callStarted' }, { kind: 'callEnded', wrapUpSeconds: 0 }])).toEqual([
      'onCall',
      'away',
    ]);
  });

  it('a status chosen during a call applies when the call ends', () => {
    expect(
      walk(stored('available'), [
        { kind: 'callStarted' },
        { kind: 'chosen', status: 'break' },
        { kind: 'callEnded', wrapUpSeconds: 0 },
      ]),
    ).toEqual(['onCall', 'onCall', 'break']);
  });

  it('automatic after-call work ends at its instant and returns to the chosen status', () => {
    const onCall = nextStatus(stored('meeting'), { kind: 'callStarted' }, t(1))!;
    const wrapUp = nextStatus(onCall, { kind: 'callEnded', wrapUpSeconds: 30 }, t(10))!;
    expect(wrapUp).toMatchObject({ status: 'wrapUp', resumeStatus: 'meeting', wrapUpUntil: t(40) });
    expect(nextStatus(wrapUp, { kind: 'wrapUpEnded' }, t(39))).toBeNull();
    // Noticed late, recorded at the instant it ended.
    expect(nextStatus(wrapUp, { kind: 'wrapUpEnded' }, t(45))).toMatchObject({
      status: 'meeting',
      since: t(40),
    });
  });

  it('a call during automatic after-call work returns to the status before the first call', () => {
    const wrapUp = stored('wrapUp', { resumeStatus: 'away', wrapUpUntil: t(50) });
    const onCall = nextStatus(wrapUp, { kind: 'callStarted' }, t(5))!;
    expect(onCall).toMatchObject({ status: 'onCall', resumeStatus: 'away' });
    expect(nextStatus(onCall, { kind: 'callEnded', wrapUpSeconds: 0 }, t(9))?.status).toBe('away');
  });

  it('choosing 後処理 by hand during the automatic one keeps it until changed', () => {
    const wrapUp = stored('wrapUp', { resumeStatus: 'away', wrapUpUntil: t(50) });
    const manual = nextStatus(wrapUp, { kind: 'chosen', status: 'wrapUp' }, t(5))!;
    expect(manual).toMatchObject({ status: 'wrapUp', since: t(0), wrapUpUntil: null });
    expect(nextStatus(manual, { kind: 'wrapUpEnded' }, t(60))).toBeNull();
  });

  it('the same event twice changes nothing the second time (every instance hears the engine)', () => {
    const onCall = nextStatus(stored('available'), { kind: 'callStarted' }, t(1))!;
    expect(nextStatus(onCall, { kind: 'callStarted' }, t(2))).toBeNull();
    const back = nextStatus(onCall, { kind: 'callEnded', wrapUpSeconds: 0 }, t(3))!;
    expect(nextStatus(back, { kind: 'callEnded', wrapUpSeconds: 0 }, t(4))).toBeNull();
  });

  it('calls while signed out (a desk phone) do not sign the user in', () => {
    expect(nextStatus(stored('signedOut'), { kind: 'callStarted' }, t(1))).toBeNull();
  });
});
