/**
 * The softphone's call session (spec 3 "Softphone" session state, spec 4 "Softphone call states"),
 * as a pure reducer: verto call events in, the next state and the sounds and notices to play out.
 */

/**
 * Where a call stands, as the softphone shows it: one we placed is 'trying' (発信中) until the exchange
 * took it, then 'calling' (呼出中: the far end rings; we hear the ringback tone) until answered; one
 * ringing here is 'ringing'; an answered call is 'active' or 'held'.
 */
export type CallStatus = 'trying' | 'calling' | 'ringing' | 'active' | 'held';

/** One call the softphone knows. */
export interface CallView {
  callID: string;
  /** 'inbound' rang here; 'outbound' was dialled here. */
  direction: 'inbound' | 'outbound';
  /** remote_caller_id_number / remote_caller_id_name. */
  number: string;
  name: string;
  status: CallStatus;
  /** When the duration timer started (epoch ms): the first time the call became active. */
  activeSince: number | null;
  muted: boolean;
}

/** The session: currentCall, incommingCall (the waiting calls, oldest first) and holdedCall. */
export interface CallSession {
  calls: Readonly<Record<string, CallView>>;
  currentId: string | null;
  incoming: readonly string[];
  /** Calls held aside to take another one, the latest last; the latest comes back when the current one ends. */
  aside: readonly string[];
}

/** A call as an event introduces it. */
export type NewCall = Pick<CallView, 'callID' | 'number' | 'name'>;

export type SessionEvent =
  /** Our own call was placed. */
  | { type: 'trying'; call: NewCall }
  /** The exchange took our call: the far end is being rung. */
  | { type: 'calling'; callID: string }
  /** The exchange sends the audio of our unanswered call itself (early media: an announcement, its ringback). */
  | { type: 'earlyMedia'; callID: string }
  /** A call rings here. */
  | { type: 'ringing'; call: NewCall }
  /** A live call came back after a reconnect. */
  | { type: 'recovering'; call: NewCall; at: number }
  /** Answered (either side), or taken off hold. */
  | { type: 'active'; callID: string; at: number }
  | { type: 'held'; callID: string }
  | { type: 'muted'; callID: string; muted: boolean }
  /** The far end is someone else now (a transfer, a retrieve). */
  | { type: 'display'; callID: string; number: string; name: string }
  /** The current call was held to take or place another. */
  | { type: 'setAside'; callID: string }
  /** hangup / destroy, with the exchange's cause when it ended the call. */
  | { type: 'hangup'; callID: string; cause?: string };

/** What the softphone must do besides showing the new state. */
export type SessionEffect =
  | { type: 'notify'; call: CallView }
  | { type: 'openPhoneTab' }
  | { type: 'startRing' }
  | { type: 'stopRing' }
  | { type: 'startRingback' }
  | { type: 'stopRingback' }
  | { type: 'busyTone' }
  /** A call we placed ended before anyone answered, with the exchange's cause. */
  | { type: 'notConnected'; cause: string };

/** The ring settings the reducer needs. */
export interface SessionOptions {
  /** The ringtone is 'none'. */
  silentRing: boolean;
}

export const emptySession: CallSession = { calls: {}, currentId: null, incoming: [], aside: [] };

type Result = { state: CallSession; effects: SessionEffect[] };

const without = (list: readonly string[], id: string) => list.filter((x) => x !== id);

function addCall(state: CallSession, call: CallView): CallSession {
  return { ...state, calls: { ...state.calls, [call.callID]: call } };
}

function patchCall(state: CallSession, callID: string, patch: Partial<CallView>): CallSession {
  const call = state.calls[callID];
  return call ? addCall(state, { ...call, ...patch }) : state;
}

/** Applies one event. Unknown call ids change nothing, except where the event introduces the call. */
export function reduceSession(state: CallSession, event: SessionEvent, options: SessionOptions): Result {
  switch (event.type) {
    case 'trying': {
      const call: CallView = {
        ...event.call,
        direction: 'outbound',
        status: 'trying',
        activeSince: null,
        muted: false,
      };
      const next = addCall(state, call);
      return { state: { ...next, currentId: state.currentId ?? call.callID }, effects: [] };
    }
    case 'calling': {
      if (state.calls[event.callID]?.status !== 'trying') return { state, effects: [] };
      return {
        state: patchCall(state, event.callID, { status: 'calling' }),
        effects: [{ type: 'startRingback' }],
      };
    }
    case 'earlyMedia':
      return {
        state,
        effects: state.calls[event.callID]?.status === 'calling' ? [{ type: 'stopRingback' }] : [],
      };
    case 'ringing': {
      if (state.calls[event.call.callID]) return { state, effects: [] };
      const call: CallView = {
        ...event.call,
        direction: 'inbound',
        status: 'ringing',
        activeSince: null,
        muted: false,
      };
      const next = { ...addCall(state, call), incoming: [...state.incoming, call.callID] };
      const effects: SessionEffect[] = [{ type: 'notify', call }, { type: 'openPhoneTab' }];
      // Spec 4: no ring while the ringtone is 'none' or a call is already in progress.
      if (!options.silentRing && state.currentId === null) effects.push({ type: 'startRing' });
      return { state: next, effects };
    }
    case 'recovering': {
      const known = state.calls[event.call.callID];
      const call: CallView = {
        direction: known?.direction ?? 'inbound',
        muted: false,
        ...known,
        ...event.call,
        status: 'active',
        activeSince: known?.activeSince ?? event.at,
      };
      const next = addCall(state, call);
      return {
        state: { ...next, currentId: call.callID, incoming: without(state.incoming, call.callID) },
        effects: [],
      };
    }
    case 'active': {
      const call = state.calls[event.callID];
      if (!call) return { state, effects: [] };
      // The timer starts once per call: resuming from hold (or a re-bridge) keeps it running.
      let next = patchCall(state, event.callID, {
        status: 'active',
        activeSince: call.activeSince ?? event.at,
      });
      const wasWaiting = state.incoming.includes(event.callID);
      next = { ...next, incoming: without(state.incoming, event.callID) };
      if (next.currentId === null && !next.aside.includes(event.callID))
        next = { ...next, currentId: event.callID };
      const effects: SessionEffect[] = wasWaiting && next.incoming.length === 0 ? [{ type: 'stopRing' }] : [];
      if (call.status === 'calling') effects.push({ type: 'stopRingback' });
      return { state: next, effects };
    }
    case 'held':
      return { state: patchCall(state, event.callID, { status: 'held' }), effects: [] };
    case 'muted':
      return { state: patchCall(state, event.callID, { muted: event.muted }), effects: [] };
    case 'display':
      return {
        state: patchCall(state, event.callID, { number: event.number, name: event.name }),
        effects: [],
      };
    case 'setAside':
      if (state.currentId !== event.callID) return { state, effects: [] };
      return { state: { ...state, currentId: null, aside: [...state.aside, event.callID] }, effects: [] };
    case 'hangup':
      return hangup(state, event.callID, event.cause, options);
  }
}

function hangup(
  state: CallSession,
  callID: string,
  cause: string | undefined,
  options: SessionOptions,
): Result {
  const ended = state.calls[callID];
  if (!ended) return { state, effects: [] };
  const { [callID]: _ended, ...calls } = state.calls;
  const wasCurrent = state.currentId === callID;
  const wasWaiting = state.incoming.includes(callID);
  let aside = without(state.aside, callID);
  let currentId = state.currentId;
  if (wasCurrent) {
    // The call held aside most recently comes back (still held: the user resumes it).
    currentId = aside.at(-1) ?? null;
    aside = aside.slice(0, -1);
  }
  const incoming = without(state.incoming, callID);
  const effects: SessionEffect[] = [];
  if (ended.status === 'calling') effects.push({ type: 'stopRingback' });
  // Our call never got through: the user hears the busy tone and is told why.
  const unanswered = ended.status === 'trying' || ended.status === 'calling';
  if (unanswered && cause) effects.push({ type: 'notConnected', cause });
  if (wasWaiting && incoming.length === 0) effects.push({ type: 'stopRing' });
  if (wasCurrent) {
    effects.push({ type: 'busyTone' });
    // Calls still waiting ring again once nothing is in progress.
    if (currentId === null && incoming.length > 0 && !options.silentRing) effects.push({ type: 'startRing' });
  }
  return { state: { calls, currentId, incoming, aside }, effects };
}

/** The current call, if any. */
export function currentCall(state: CallSession): CallView | null {
  return state.currentId === null ? null : (state.calls[state.currentId] ?? null);
}

/** The waiting calls, oldest first (line L1 is the first). */
export function waitingCalls(state: CallSession): CallView[] {
  return state.incoming.flatMap((id) => state.calls[id] ?? []);
}

/** The duration shown: the current call's time since it became active; 0 (reset) with no current call. */
export function sessionDurationMs(state: CallSession, now: number): number {
  const since = currentCall(state)?.activeSince;
  return since == null ? 0 : Math.max(0, now - since);
}

/** HH:mm:ss (spec 9 "Formats"); hours go on counting past 24. */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
