/** Time as the sandbox sees it: injectable so tests can run ring and IVR timeouts quickly. */

/** Runs `callback` after `ms` milliseconds; the returned function cancels it. */
export type Schedule = (callback: () => void, ms: number) => () => void;

/** The real clock. */
export const realSchedule: Schedule = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/** Thrown into a flow whose leg ended or was routed elsewhere; never reported as a failure. */
export class FlowAborted extends Error {
  override readonly name = 'FlowAborted';
}

/** Waits `ms`, or rejects with FlowAborted as soon as `signal` aborts. */
export function sleep(schedule: Schedule, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new FlowAborted());
    const onAbort = () => {
      cancel();
      reject(new FlowAborted());
    };
    const cancel = schedule(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long the sandbox's simulated parts take; every value can be overridden. */
export interface SandboxTimings {
  /** A simulated outside party rings this long before it answers. */
  outsideAnswerMs: number;
  /** A call to an outside number that a caller page must answer rings at most this long. */
  outsideRingMs: number;
  /** A desk phone answers the first leg of a click-to-call after this long. */
  deskPhoneAnswerMs: number;
  /** The first leg of a click-to-call rings at most this long (the recorded originate_timeout). */
  clickToCallRingMs: number;
  /** How long the sandbox assumes a recording plays (it has no media to measure it by). */
  playbackMs: number;
  /** How long a FreeSWITCH stock sound ('invalid entry', 'goodbye') plays. */
  stockSoundMs: number;
  /** The longest message a voicemail takes before it hangs up. */
  voicemailMs: number;
  /** A simulated caller presses its next IVR digit this long after the prompt starts. */
  dtmfDelayMs: number;
  /** How long a client gets to answer a request (sandbox.offer, verto.attach). */
  requestTimeoutMs: number;
  /** WebSocket ping interval; a socket that misses one pong is closed. 0 turns pings off. */
  heartbeatMs: number;
}

export const DEFAULT_TIMINGS: SandboxTimings = {
  outsideAnswerMs: 3_000,
  outsideRingMs: 60_000,
  deskPhoneAnswerMs: 1_000,
  clickToCallRingMs: 20_000,
  playbackMs: 8_000,
  stockSoundMs: 2_000,
  voicemailMs: 60_000,
  dtmfDelayMs: 1_000,
  requestTimeoutMs: 10_000,
  heartbeatMs: 30_000,
};
