import {
  callsByLine,
  currentCall,
  freeLine,
  heldCalls,
  LINE_COUNT,
  waitingCalls,
  type CallSession,
  type CallStatus,
} from './call-session';
import { PARK_SLOTS } from './park';

/**
 * One line button L1–L4: the call on it, if any. Beyond the spec's waiting call, a line also holds a
 * call put on hold to take another (call waiting) or to consult a colleague: pressing it switches to
 * that call, the current one going on hold.
 */
export interface LineControl {
  line: number;
  callID: string | null;
  /** The tooltip: the caller's name (or number when the name is empty). */
  title: string;
  /** Where its call stands; null for a free line. */
  status: CallStatus | null;
  /** Its call is the current one. */
  current: boolean;
  enabled: boolean;
}

/** What the softphone tab offers now (spec 4 "Softphone controls", and the two-call features). */
export interface SoftphoneControls {
  dial: boolean;
  hangUp: boolean;
  receive: boolean;
  hold: boolean;
  /** Hold is shown active while the current call is held. */
  held: boolean;
  mute: boolean;
  muted: boolean;
  transfer: boolean;
  /** Consult a colleague before transferring (attended transfer): a call is up and a line is free. */
  consult: boolean;
  /** The held call and the current one can be joined into a three-way call. */
  conference: boolean;
  /** The keypad sends DTMF (during a call) rather than typing into the number. */
  keypadSendsDtmf: boolean;
  park: { slot: number; occupied: boolean; enabled: boolean }[];
  lines: LineControl[];
}

const isUp = (status: CallStatus | undefined) => status === 'active' || status === 'held';

/** The enable rules of the softphone's buttons for a session, the typed number and the occupied slots. */
export function softphoneControls(
  session: CallSession,
  number: string,
  occupied: ReadonlySet<number>,
): SoftphoneControls {
  const current = currentCall(session);
  const waiting = waitingCalls(session);
  const inCall = current !== null;
  // An outgoing call still ringing out is current too, but cannot be held or transferred yet.
  const up = isUp(current?.status);
  const inConference = session.conference !== null;
  const lineFree = freeLine(session) !== null;
  const byLine = new Map(callsByLine(session).map((call) => [call.line, call]));
  return {
    dial: !inCall && lineFree && number.trim() !== '',
    hangUp: inCall || waiting.length > 0,
    receive: !inCall && waiting.length > 0,
    // A three-way call is not put on hold: both parties would hear music and not each other.
    hold: up && !inConference,
    held: current?.status === 'held',
    mute: up,
    muted: current?.muted ?? false,
    transfer: up && !inConference && session.consult === null,
    consult: up && !inConference && session.consult === null && lineFree,
    conference: up && !inConference && heldCalls(session).some((call) => isUp(call.status)),
    keypadSendsDtmf: up,
    park: PARK_SLOTS.map((slot) => ({
      slot,
      occupied: occupied.has(slot),
      // In a call any slot parks it; otherwise only an occupied slot can be retrieved.
      enabled: inCall ? up && !inConference : occupied.has(slot),
    })),
    lines: Array.from({ length: LINE_COUNT }, (_, i) => {
      const call = byLine.get(i + 1);
      const isCurrent = call !== undefined && call.callID === current?.callID;
      const switchable =
        call !== undefined &&
        !isCurrent &&
        !inConference &&
        // A call still ringing out cannot be left on hold; a call may be switched away from otherwise.
        (current === null || up) &&
        (call.status === 'ringing' || isUp(call.status));
      return {
        line: i + 1,
        callID: call?.callID ?? null,
        title: call ? call.name || call.number : '',
        status: call?.status ?? null,
        current: isCurrent,
        enabled: switchable,
      };
    }),
  };
}
