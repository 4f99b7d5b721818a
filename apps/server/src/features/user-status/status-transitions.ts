import type { ChosenUserStatus, UserStatus } from '@tsunagu/contract';

/** A user's stored status (user_statuses); no row is the same as ログアウト. */
export interface StoredStatus {
  status: UserStatus;
  since: Date;
  /** What 通話中 and an automatic 後処理 return to. */
  resumeStatus: ChosenUserStatus | null;
  /** When an automatic 後処理 ends by itself. */
  wrapUpUntil: Date | null;
}

/** What can happen to a user's status. */
export type StatusEvent =
  | { kind: 'chosen'; status: ChosenUserStatus }
  | { kind: 'signedIn' }
  | { kind: 'signedOut' }
  | { kind: 'callStarted' }
  | { kind: 'callEnded'; wrapUpSeconds: number }
  | { kind: 'wrapUpEnded' };

const SIGNED_OUT: StoredStatus = {
  status: 'signedOut',
  since: new Date(0),
  resumeStatus: null,
  wrapUpUntil: null,
};

const becomes = (status: UserStatus, at: Date, rest: Partial<StoredStatus> = {}): StoredStatus => ({
  status,
  since: at,
  resumeStatus: null,
  wrapUpUntil: null,
  ...rest,
});

/**
 * The status after an event at `at`, or null when nothing changes. Calls and sign-ins win over what
 * the user chose: a status chosen during a call applies when the call ends; calls while signed out
 * (a desk phone) do not count as signed-in time. The same event twice (every instance hears
 * FreeSWITCH's) changes nothing the second time.
 */
export function nextStatus(stored: StoredStatus | null, event: StatusEvent, at: Date): StoredStatus | null {
  const current = stored ?? SIGNED_OUT;
  switch (event.kind) {
    case 'chosen':
      if (current.status === 'onCall') {
        return current.resumeStatus === event.status ? null : { ...current, resumeStatus: event.status };
      }
      if (current.status !== event.status) return becomes(event.status, at);
      // Choosing 後処理 during the automatic one keeps it until changed by hand.
      return current.wrapUpUntil ? { ...current, resumeStatus: null, wrapUpUntil: null } : null;
    case 'signedIn':
      return current.status === 'signedOut' ? becomes('available', at) : null;
    case 'signedOut':
      return current.status === 'signedOut' ? null : becomes('signedOut', at);
    case 'callStarted': {
      if (current.status === 'onCall' || current.status === 'signedOut') return null;
      // A call during automatic after-call work returns to what was chosen before that work began.
      const before = current.wrapUpUntil ? current.resumeStatus : current.status;
      return becomes('onCall', at, { resumeStatus: (before as ChosenUserStatus | null) ?? 'available' });
    }
    case 'callEnded': {
      if (current.status !== 'onCall') return null;
      const resume = current.resumeStatus ?? 'available';
      if (event.wrapUpSeconds <= 0) return becomes(resume, at);
      return becomes('wrapUp', at, {
        resumeStatus: resume,
        wrapUpUntil: new Date(at.getTime() + event.wrapUpSeconds * 1000),
      });
    }
    case 'wrapUpEnded': {
      const until = current.wrapUpUntil;
      if (current.status !== 'wrapUp' || !until || until > at) return null;
      // Recorded at the instant it ended, however late the sweep noticed.
      return becomes(current.resumeStatus ?? 'available', until);
    }
  }
}
