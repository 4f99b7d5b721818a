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

/** Lines L1–L4 (spec 9 "Park and lines"): the calls one phone can hold at once. */
export const LINE_COUNT = 4;

/** One call the softphone knows. */
export interface CallView {
  callID: string;
  /** The line (1–LINE_COUNT) it took when it appeared; it keeps it until it ends. */
  line: number;
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

/** An attended transfer in progress: the caller waits on hold while the user consults a colleague. */
export interface Consultation {
  /** The call to transfer (held). */
  heldId: string;
  /** The call to the colleague. */
  consultId: string;
}

/** The session: currentCall, incommingCall (the waiting calls, oldest first) and holdedCall. */
export interface CallSession {
  calls: Readonly<Record<string, CallView>>;
  currentId: string | null;
  incoming: readonly string[];
  /** Calls held aside to take another one, the latest last; the latest comes back when the current one ends. */
  aside: readonly string[];
  consult: Consultation | null;
  /**
   * A three-way call: the current call and the one merged into it, both up, whose far ends hear each
   * other (and us) through this phone.
   */
  conference: readonly [string, string] | null;
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
  /** A call held aside becomes the current one again (switching lines); it is resumed next. */
  | { type: 'takeUp'; callID: string }
  /** The call just placed consults a colleague about the held one (attended transfer). */
  | { type: 'consult'; consult: Consultation }
  /** The held call joins the current one: a three-way call. */
  | { type: 'conference'; callID: string }
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
  /** A call rings while another is in progress: a short tone instead of the ringtone. */
  | { type: 'callWaitingTone' }
  /** A call rings with every line taken: it is refused (busy). */
  | { type: 'linesFull'; callID: string }
  /** A call we placed ended before anyone answered, with the exchange's cause. */
  | { type: 'notConnected'; cause: string; number: string };

/** The ring settings the reducer needs. */
export interface SessionOptions {
  /** The ringtone is 'none'. */
  silentRing: boolean;
}

export const emptySession: CallSession = {
  calls: {},
  currentId: null,
  incoming: [],
  aside: [],
  consult: null,
  conference: null,
};

type Result = { state: CallSession; effects: SessionEffect[] };

const without = (list: readonly string[], id: string) => list.filter((x) => x !== id);

function addCall(state: CallSession, call: CallView): CallSession {
  return { ...state, calls: { ...state.calls, [call.callID]: call } };
}

/** The lowest line no call holds; null when all LINE_COUNT are taken. */
export function freeLine(state: CallSession): number | null {
  const taken = new Set(Object.values(state.calls).map((call) => call.line));
  for (let line = 1; line <= LINE_COUNT; line++) if (!taken.has(line)) return line;
  return null;
}

function patchCall(state: CallSession, callID: string, patch: Partial<CallView>): CallSession {
  const call = state.calls[callID];
  return call ? addCall(state, { ...call, ...patch }) : state;
}

/** Applies one event. Unknown call ids change nothing, except where the event introduces the call. */
export function reduceSession(state: CallSession, event: SessionEvent, options: SessionOptions): Result {
  switch (event.type) {
    case 'trying': {
      const line = freeLine(state);
      if (line === null) return { state, effects: [] };
      const call: CallView = {
        ...event.call,
        line,
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
      const line = freeLine(state);
      if (line === null) return { state, effects: [{ type: 'linesFull', callID: event.call.callID }] };
      const call: CallView = {
        ...event.call,
        line,
        direction: 'inbound',
        status: 'ringing',
        activeSince: null,
        muted: false,
      };
      const next = { ...addCall(state, call), incoming: [...state.incoming, call.callID] };
      const effects: SessionEffect[] = [{ type: 'notify', call }, { type: 'openPhoneTab' }];
      // Spec 4: no ring while the ringtone is 'none' or a call is already in progress (a short tone then).
      if (state.currentId !== null) effects.push({ type: 'callWaitingTone' });
      else if (!options.silentRing) effects.push({ type: 'startRing' });
      return { state: next, effects };
    }
    case 'recovering': {
      const known = state.calls[event.call.callID];
      const line = known?.line ?? freeLine(state);
      if (line === null) return { state, effects: [] };
      const call: CallView = {
        line,
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
    case 'takeUp':
      if (state.currentId !== null || !state.aside.includes(event.callID)) return { state, effects: [] };
      return {
        state: { ...state, currentId: event.callID, aside: without(state.aside, event.callID) },
        effects: [],
      };
    case 'consult': {
      const { heldId, consultId } = event.consult;
      if (!state.calls[heldId] || !state.calls[consultId]) return { state, effects: [] };
      return { state: { ...state, consult: event.consult }, effects: [] };
    }
    case 'conference': {
      const { currentId } = state;
      if (currentId === null || currentId === event.callID || !state.aside.includes(event.callID))
        return { state, effects: [] };
      return {
        state: {
          ...state,
          aside: without(state.aside, event.callID),
          consult: null,
          conference: [currentId, event.callID],
        },
        effects: [],
      };
    }
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
  // A three-way call ends with either party: the other stays, as an ordinary call.
  const partner = state.conference?.includes(callID)
    ? state.conference.find((id) => id !== callID)
    : undefined;
  if (wasCurrent && partner !== undefined) currentId = partner;
  else if (wasCurrent) {
    // The call held aside most recently comes back (still held: the user resumes it).
    currentId = aside.at(-1) ?? null;
    aside = aside.slice(0, -1);
  }
  const consult =
    state.consult && [state.consult.heldId, state.consult.consultId].includes(callID) ? null : state.consult;
  const conference = partner === undefined ? state.conference : null;
  const incoming = without(state.incoming, callID);
  const effects: SessionEffect[] = [];
  if (ended.status === 'calling') effects.push({ type: 'stopRingback' });
  // Our call never got through: the user hears the busy tone and is told why.
  const unanswered = ended.status === 'trying' || ended.status === 'calling';
  if (unanswered && cause) effects.push({ type: 'notConnected', cause, number: ended.number });
  if (wasWaiting && incoming.length === 0) effects.push({ type: 'stopRing' });
  // The busy tone says the call is over; not when the other party of a three-way call is still there.
  if (wasCurrent && partner === undefined) {
    effects.push({ type: 'busyTone' });
    // Calls still waiting ring again once nothing is in progress.
    if (currentId === null && incoming.length > 0 && !options.silentRing) effects.push({ type: 'startRing' });
  }
  return { state: { calls, currentId, incoming, aside, consult, conference }, effects };
}

/** The current call, if any. */
export function currentCall(state: CallSession): CallView | null {
  return state.currentId === null ? null : (state.calls[state.currentId] ?? null);
}

/** The waiting calls, oldest first. */
export function waitingCalls(state: CallSession): CallView[] {
  return state.incoming.flatMap((id) => state.calls[id] ?? []);
}

/** The calls held aside, the latest last (the one that comes back when the current call ends). */
export function heldCalls(state: CallSession): CallView[] {
  return state.aside.flatMap((id) => state.calls[id] ?? []);
}

/** Every call by line, L1 first. */
export function callsByLine(state: CallSession): CallView[] {
  return Object.values(state.calls).sort((a, b) => a.line - b.line);
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
