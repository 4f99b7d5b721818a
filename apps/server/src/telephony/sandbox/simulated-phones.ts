/**
 * Phones the sandbox plays itself, without media: desk phones of 'phone' users, parties outside
 * the tenant, and callers started through the API. They answer and hang up on timers or on command.
 */
import { dtmf } from './call-control';
import type { CallEnv } from './call-env';
import type { Device, Leg } from './leg';
import type { TenantLine } from './switchboard';

/** A device with no media: every media request comes back empty. */
function silentDevice(kind: Device['kind'], ring: Device['ring'], bye: Device['bye'] = () => {}): Device {
  return {
    kind,
    media: false,
    ring,
    bye,
    answered: () => {},
    attach: () => Promise.resolve(null),
    offer: () => Promise.resolve(null),
    display: () => {},
    audio: () => {},
  };
}

/** Timers per call, cancelled when the call ends. */
function createTimers(env: CallEnv) {
  const byCall = new Map<string, Set<() => void>>();
  return {
    after(callID: string, ms: number, action: () => void) {
      const pending = byCall.get(callID) ?? new Set();
      byCall.set(callID, pending);
      const cancel = env.schedule(() => {
        pending.delete(cancel);
        if (pending.size === 0) byCall.delete(callID);
        action();
      }, ms);
      pending.add(cancel);
    },
    clear(callID: string) {
      for (const cancel of byCall.get(callID) ?? []) cancel();
      byCall.delete(callID);
    },
  };
}

/** Answers a ringing leg as its phone would (no SDP). */
function pickUp(leg: Leg): boolean {
  if (!leg.fork || leg.ended) return false;
  leg.fork.answered(leg, null);
  return true;
}

/**
 * An extension's desk phone. It rings until answered through its handle; calls placed as simulated
 * (a click-to-call's first leg, API callers asking for it) it answers by itself after a while.
 */
export function createDeskPhone(env: CallEnv): Device {
  const timers = createTimers(env);
  return silentDevice(
    'desk-phone',
    (leg) => {
      const answerAfter = leg.call.deskPhoneAnswerMs;
      if (answerAfter !== null) timers.after(leg.uuid, answerAfter, () => pickUp(leg));
    },
    (callID) => timers.clear(callID),
  );
}

/** What the server can do with a simulated desk phone. */
export interface DeskPhone {
  /** Picks up the call that has rung longest; false when nothing rings. */
  answer(): boolean;
  /** Hangs up the call in progress, or refuses the ringing ones; false when there is none. */
  hangup(): boolean;
}

/** The handle of a desk phone already made for `line`. */
export function deskPhoneHandle(env: CallEnv, line: TenantLine, device: Device): DeskPhone {
  const legs = () => [...line.legs.values()].filter((leg) => leg.device === device && !leg.ended);
  return {
    answer() {
      const ringing = legs().find((leg) => leg.fork !== null);
      return ringing ? pickUp(ringing) : false;
    },
    hangup() {
      const all = legs();
      const talking = all.filter((leg) => leg.fork === null);
      const ending = talking.length > 0 ? talking : all;
      const cause = talking.length > 0 ? 'NORMAL_CLEARING' : 'CALL_REJECTED';
      for (const leg of ending) env.board.end(leg, cause, { fromDevice: true });
      return ending.length > 0;
    },
  };
}

/** A phone outside the tenant: it answers after a short ring and stays until someone hangs up. */
export function createOutsideParty(env: CallEnv): Device {
  const timers = createTimers(env);
  return silentDevice(
    'outside',
    (leg) => timers.after(leg.uuid, env.timings.outsideAnswerMs, () => pickUp(leg)),
    (callID) => timers.clear(callID),
  );
}

/** How a caller started through the API behaves. */
export interface SimulatedCallerScript {
  /** Hang up this long after dialling; stays until the far end hangs up when absent. */
  hangupAfterMs: number | null;
  /** Digits to press, one per IVR prompt. */
  dtmf: string;
}

/** A caller from outside without media; it presses its digits when an IVR prompts it. */
export function createSimulatedCaller(env: CallEnv, script: SimulatedCallerScript) {
  const timers = createTimers(env);
  const digits = [...script.dtmf];
  let leg: Leg | null = null;
  const device: Device = {
    ...silentDevice('simulated-caller', () => {}),
    bye: (callID) => timers.clear(callID),
    audio(callID, playback) {
      if (playback?.kind !== 'ivr' || !leg || digits.length === 0) return;
      const digit = digits.shift() as string;
      const caller = leg;
      timers.after(callID, env.timings.dtmfDelayMs, () => dtmf(caller, digit));
    },
  };
  return {
    device,
    /** Starts the script on the leg made for this caller. */
    start(callerLeg: Leg) {
      leg = callerLeg;
      if (script.hangupAfterMs !== null) {
        timers.after(callerLeg.uuid, script.hangupAfterMs, () =>
          env.board.end(callerLeg, 'NORMAL_CLEARING', { fromDevice: true }),
        );
      }
    },
  };
}
