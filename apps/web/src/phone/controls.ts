import { currentCall, waitingCalls, type CallSession } from './call-session';
import { PARK_SLOTS } from './park';

/** Incoming line buttons L1–L4 (spec 9 "Park and lines"). */
export const LINE_COUNT = 4;

/** One line button: the call waiting on it, if any. */
export interface LineControl {
  line: number;
  callID: string | null;
  /** The tooltip: the caller's name (or number when the name is empty). */
  title: string;
  enabled: boolean;
}

/** What the softphone tab offers now (spec 4 "Softphone controls"). */
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
  /** The keypad sends DTMF (during a call) rather than typing into the number. */
  keypadSendsDtmf: boolean;
  park: { slot: number; occupied: boolean; enabled: boolean }[];
  lines: LineControl[];
}

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
  const up = current?.status === 'active' || current?.status === 'held';
  return {
    dial: !inCall && number.trim() !== '',
    hangUp: inCall || waiting.length > 0,
    receive: !inCall && waiting.length > 0,
    hold: up,
    held: current?.status === 'held',
    mute: up,
    muted: current?.muted ?? false,
    transfer: up,
    keypadSendsDtmf: up,
    park: PARK_SLOTS.map((slot) => ({
      slot,
      occupied: occupied.has(slot),
      // In a call any slot parks it; otherwise only an occupied slot can be retrieved.
      enabled: inCall ? up : occupied.has(slot),
    })),
    lines: Array.from({ length: LINE_COUNT }, (_, i) => {
      const call = waiting[i];
      return {
        line: i + 1,
        callID: call?.callID ?? null,
        title: call ? call.name || call.number : '',
        enabled: call !== undefined && !inCall,
      };
    }),
  };
}
