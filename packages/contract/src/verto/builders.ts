import type { VertoError } from './jsonrpc';
import type {
  VertoAckResult,
  VertoClientParams,
  VertoDialogParams,
  VertoServerInviteParams,
  VertoServerMethod,
  VertoServerParams,
} from './messages';

/**
 * Frame builders for both peers. Key order follows the recording (client requests
 * `jsonrpc, method, params, id`; FreeSWITCH's `jsonrpc, id, method, params`), so a built frame
 * serialises byte for byte like the recorded one.
 */

/** Hangup causes a verto peer sends, with their codes as FreeSWITCH reports them. */
export const vertoHangupCauses = {
  NO_ROUTE_DESTINATION: 3,
  NORMAL_CLEARING: 16,
  USER_BUSY: 17,
  NO_ANSWER: 19,
  CALL_REJECTED: 21,
  DESTINATION_OUT_OF_ORDER: 27,
  /** The browser could not set up the call's audio with the far end's SDP (FreeSWITCH's cause for a failed negotiation). */
  INCOMPATIBLE_DESTINATION: 88,
  INVALID_MSG_UNSPECIFIED: 95,
  ORIGINATOR_CANCEL: 487,
  /** The call's media connection failed after it was set up (ICE / DTLS). */
  MEDIA_TIMEOUT: 604,
  /** A forked call answered elsewhere (as recorded: 702). */
  LOSE_RACE: 702,
} as const;
export type VertoHangupCause = keyof typeof vertoHangupCauses;

/** Returns a counter numbering requests 1, 2, 3, …; each peer keeps its own. */
export function createVertoIdSequence(first = 1): () => number {
  let next = first;
  return () => next++;
}

/** A client request frame. */
export interface VertoClientRequestFrame<M extends keyof VertoClientParams = keyof VertoClientParams> {
  jsonrpc: '2.0';
  method: M;
  params: VertoClientParams[M];
  id: number;
}

/** A server request frame. */
export interface VertoServerRequestFrame<M extends VertoServerMethod = VertoServerMethod> {
  jsonrpc: '2.0';
  id: number;
  method: M;
  params: VertoServerParams[M];
}

/** Builds a client request (any method, params as given). */
export function vertoClientRequest<M extends keyof VertoClientParams>(
  id: number,
  method: M,
  params: VertoClientParams[M],
): VertoClientRequestFrame<M> {
  return { jsonrpc: '2.0', method, params, id };
}

/** Builds a server request (any method, params as given). */
export function vertoServerRequest<M extends VertoServerMethod>(
  id: number,
  method: M,
  params: VertoServerParams[M],
): VertoServerRequestFrame<M> {
  return { jsonrpc: '2.0', id, method, params };
}

/** Builds a successful reply. */
export function vertoResult<R extends object>(
  id: number,
  result: R,
): { jsonrpc: '2.0'; id: number; result: R } {
  return { jsonrpc: '2.0', id, result };
}

/** Builds the client's `{ method }` reply to a server request that names a call. */
export function vertoAck(id: number, method: string): { jsonrpc: '2.0'; id: number; result: VertoAckResult } {
  return vertoResult(id, { method });
}

/** Builds a failed reply. */
export function vertoErrorReply(
  id: number | null,
  error: VertoError,
): { jsonrpc: '2.0'; id: number | null; error: VertoError } {
  return { jsonrpc: '2.0', id, error };
}

// ── client requests ──────────────────────────────────────────────────────────────────────────

/** Builds a login request. */
export function vertoLoginRequest(
  id: number,
  p: { login: string; passwd: string; sessid: string; userVariables?: Record<string, unknown> },
): VertoClientRequestFrame<'login'> {
  return vertoClientRequest(id, 'login', {
    login: p.login,
    passwd: p.passwd,
    loginParams: {},
    userVariables: p.userVariables ?? {},
    sessid: p.sessid,
  });
}

/** The extension part of 'extension@domain'. */
export function vertoExtension(login: string): string {
  const at = login.indexOf('@');
  return at < 0 ? login : login.slice(0, at);
}

/** dialogParams of a new outgoing call, with the media defaults verto.js sends (as recorded). */
export function vertoOutgoingDialogParams(p: {
  callID: string;
  destination: string;
  callerIdName: string;
  callerIdNumber: string;
  login: string;
}): VertoDialogParams {
  return {
    callID: p.callID,
    destination_number: p.destination,
    caller_id_name: p.callerIdName,
    caller_id_number: p.callerIdNumber,
    remote_caller_id_name: 'Outbound Call',
    remote_caller_id_number: p.destination,
    login: p.login,
    useVideo: false,
    useStereo: false,
    screenShare: false,
    useCamera: 'none',
    useMic: 'any',
    useSpeak: 'any',
    tag: 'webcam',
    localTag: null,
    dedEnc: false,
    videoParams: {},
    incomingBandwidth: 'default',
    outgoingBandwidth: 'default',
  };
}

/**
 * The far end of an incoming call: caller_id_* when FreeSWITCH marks the display 'outbound'
 * (as for every recorded invite), callee_id_* otherwise — the rule verto.js applies.
 */
export function vertoRemoteParty(invite: VertoServerInviteParams): { name: string; number: string } {
  return invite.display_direction === 'outbound'
    ? { name: invite.caller_id_name, number: invite.caller_id_number }
    : {
        name: invite.callee_id_name ?? invite.caller_id_name,
        number: invite.callee_id_number ?? invite.caller_id_number,
      };
}

/** dialogParams answering (or re-attaching) an incoming call, as recorded. */
export function vertoAnswerDialogParams(invite: VertoServerInviteParams, login: string): VertoDialogParams {
  const remote = vertoRemoteParty(invite);
  return {
    callID: invite.callID,
    destination_number: vertoExtension(login),
    remote_caller_id_name: remote.name,
    remote_caller_id_number: remote.number,
    useVideo: false,
    useStereo: false,
    screenShare: false,
    login,
  };
}

/** Builds verto.invite (a new call with its SDP offer). */
export function vertoInviteRequest(
  id: number,
  p: { sdp: string; dialogParams: VertoDialogParams; sessid: string },
): VertoClientRequestFrame<'verto.invite'> {
  return vertoClientRequest(id, 'verto.invite', {
    sdp: p.sdp,
    dialogParams: p.dialogParams,
    sessid: p.sessid,
  });
}

/** Builds verto.answer (accept an incoming call with the SDP answer). */
export function vertoAnswerRequest(
  id: number,
  p: { dialogParams: VertoDialogParams; sdp: string; sessid: string },
): VertoClientRequestFrame<'verto.answer'> {
  return vertoClientRequest(id, 'verto.answer', {
    dialogParams: p.dialogParams,
    sdp: p.sdp,
    sessid: p.sessid,
  });
}

/** Builds verto.attach (the SDP answer to a re-offered call after reconnecting). */
export function vertoAttachRequest(
  id: number,
  p: { dialogParams: VertoDialogParams; sdp: string; sessid: string },
): VertoClientRequestFrame<'verto.attach'> {
  return vertoClientRequest(id, 'verto.attach', {
    dialogParams: p.dialogParams,
    sdp: p.sdp,
    sessid: p.sessid,
  });
}

/** Builds verto.bye (hang up) with the cause and its code. */
export function vertoByeRequest(
  id: number,
  p: { callID: string; sessid: string; cause?: VertoHangupCause },
): VertoClientRequestFrame<'verto.bye'> {
  const cause = p.cause ?? 'NORMAL_CLEARING';
  return vertoClientRequest(id, 'verto.bye', {
    dialogParams: { callID: p.callID },
    sessid: p.sessid,
    cause,
    causeCode: vertoHangupCauses[cause],
  });
}

/**
 * Builds verto.modify: hold, unhold, toggleHold, a blind transfer of the far end, or 'replace' (attended
 * transfer: the far ends of this call and of `replaceCallID` are bridged to each other).
 */
export function vertoModifyRequest(
  id: number,
  p: { callID: string; sessid: string } & (
    | { action: 'hold' | 'unhold' | 'toggleHold' }
    | { action: 'transfer'; destination: string }
    | { action: 'replace'; replaceCallID: string }
  ),
): VertoClientRequestFrame<'verto.modify'> {
  const { callID, sessid, ...rest } = p;
  return vertoClientRequest(id, 'verto.modify', { ...rest, dialogParams: { callID }, sessid });
}

/** Builds verto.info carrying DTMF digits. */
export function vertoDtmfRequest(
  id: number,
  p: { callID: string; dtmf: string; sessid: string },
): VertoClientRequestFrame<'verto.info'> {
  return vertoClientRequest(id, 'verto.info', {
    dialogParams: { callID: p.callID },
    dtmf: p.dtmf,
    sessid: p.sessid,
  });
}
