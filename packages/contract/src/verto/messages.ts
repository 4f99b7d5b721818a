import { z } from 'zod';
import { vertoObjectSchema } from './jsonrpc';
import type { VertoRequestFrame } from './jsonrpc';
import { sandboxOfferParamsSchema } from './sandbox';

/**
 * Every verto method's params and result, as recorded against FreeSWITCH 1.11.1 (fixtures/) and
 * as mod_verto.c reads them. Objects strip unknown keys: a newer FreeSWITCH adding fields still
 * parses, and the fixture tests prove every recorded field is modelled here.
 */

const sessid = z.string();
const callID = z.string();

/** Texts mod_verto puts in `result.message`. */
export const vertoResultMessages = {
  loggedIn: 'logged in',
  callCreated: 'CALL CREATED',
  callEnded: 'CALL ENDED',
  sent: 'SENT',
  callTransferred: 'CALL TRANSFERRED',
} as const;

// ── dialog parameters ─────────────────────────────────────────────────────────────────────────

/** `dialogParams` a client sends with call requests; mod_verto only insists on callID. */
export const vertoDialogParamsSchema = z.object({
  /** Call id chosen by the client for its own calls, by FreeSWITCH for incoming ones (a UUID). */
  callID,
  /** Number dialled (dialplan destination). */
  destination_number: z.string().optional(),
  /** Our own caller id, shown to the far end. */
  caller_id_name: z.string().optional(),
  caller_id_number: z.string().optional(),
  /** The far end as this client displays it. */
  remote_caller_id_name: z.string().optional(),
  remote_caller_id_number: z.string().optional(),
  /** 'extension@domain' of the logged-in user. */
  login: z.string().optional(),
  /** verto.js media defaults, sent as recorded (FreeSWITCH ignores them for audio calls). */
  useVideo: z.boolean().optional(),
  useStereo: z.boolean().optional(),
  screenShare: z.boolean().optional(),
  useCamera: z.string().optional(),
  useMic: z.string().optional(),
  useSpeak: z.string().optional(),
  tag: z.string().optional(),
  localTag: z.string().nullable().optional(),
  dedEnc: z.boolean().optional(),
  videoParams: vertoObjectSchema.optional(),
  incomingBandwidth: z.string().optional(),
  outgoingBandwidth: z.string().optional(),
});
export type VertoDialogParams = z.infer<typeof vertoDialogParamsSchema>;

/** A leg's FreeSWITCH channel variables (CHANNEL_DATA headers) sent with invite/answer. */
const variablesSchema = z.record(z.string(), z.string());

// ── client → server requests ─────────────────────────────────────────────────────────────────

/** login: the socket's session id is fixed by the first message it carries. */
export const vertoLoginParamsSchema = z.object({
  /** 'extension@userContext'. */
  login: z.string(),
  passwd: z.string(),
  loginParams: vertoObjectSchema,
  userVariables: vertoObjectSchema,
  /** Session id; logging in again with the same one lets FreeSWITCH re-attach live calls. */
  sessid,
});

/** verto.subscribe to event channels (e.g. 'presence'). */
export const vertoSubscribeParamsSchema = z.object({
  eventChannel: z.union([z.string(), z.array(z.string())]),
  sessid,
});

/** jsapi: FreeSWITCH API over verto; refused (-32601) unless the user is allowed it. */
export const vertoJsapiParamsSchema = z.object({
  command: z.string(),
  data: vertoObjectSchema,
  sessid,
});

/** echo: answered with its own params when allowed; -32601 on a stock user (as recorded). */
export const vertoEchoParamsSchema = vertoObjectSchema;

/** verto.invite from the client: a new outgoing call. Without sdp mod_verto answers -32002. */
export const vertoInviteParamsSchema = z.object({
  sdp: z.string().optional(),
  dialogParams: vertoDialogParamsSchema,
  sessid,
});

/** verto.answer from the client: accept an incoming call with the SDP answer. */
export const vertoAnswerParamsSchema = z.object({
  dialogParams: vertoDialogParamsSchema,
  sdp: z.string(),
  sessid,
});

/** verto.attach from the client: the SDP answer to a server's verto.attach after a reconnect. */
export const vertoAttachParamsSchema = vertoAnswerParamsSchema;

/** verto.bye from the client: hang up. */
export const vertoByeParamsSchema = z.object({
  dialogParams: vertoDialogParamsSchema,
  sessid,
  cause: z.string().optional(),
  causeCode: z.number().int().optional(),
});

/**
 * verto.modify. `transfer` sends the *other* leg of the bridge to `destination` in its own
 * dialplan context (switch_ivr_session_transfer on the partner; "call is not bridged" otherwise);
 * `destination` sits beside `action`, not in dialogParams.
 */
export const vertoModifyParamsSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['hold', 'unhold', 'toggleHold']),
    dialogParams: vertoDialogParamsSchema,
    sessid,
  }),
  z.object({
    action: z.literal('transfer'),
    dialogParams: vertoDialogParamsSchema,
    destination: z.string().min(1),
    sessid,
  }),
  z.object({
    action: z.literal('replace'),
    dialogParams: vertoDialogParamsSchema,
    replaceCallID: callID,
    sessid,
  }),
]);
export type VertoModifyAction = z.infer<typeof vertoModifyParamsSchema>['action'];

/** verto.info from the client: DTMF digits, queued on the call as a string. */
export const vertoInfoParamsSchema = z.object({
  dialogParams: vertoDialogParamsSchema,
  dtmf: z.string().optional(),
  sessid,
});

/** Params of every request a client sends, by method. */
export const vertoClientRequestSchemas = {
  login: vertoLoginParamsSchema,
  echo: vertoEchoParamsSchema,
  jsapi: vertoJsapiParamsSchema,
  'verto.subscribe': vertoSubscribeParamsSchema,
  'verto.invite': vertoInviteParamsSchema,
  'verto.answer': vertoAnswerParamsSchema,
  'verto.attach': vertoAttachParamsSchema,
  'verto.bye': vertoByeParamsSchema,
  'verto.modify': vertoModifyParamsSchema,
  'verto.info': vertoInfoParamsSchema,
} as const;
export type VertoClientMethod = keyof typeof vertoClientRequestSchemas;
export type VertoClientParams = { [M in VertoClientMethod]: z.infer<(typeof vertoClientRequestSchemas)[M]> };

// ── results of client requests ───────────────────────────────────────────────────────────────

/** FreeSWITCH adds the session id to every result it sends. */
const sessionResultSchema = z.object({ sessid });

/** Result of login: "logged in". */
export const vertoLoginResultSchema = z.object({ message: z.string(), sessid });
/** Result of verto.subscribe. */
export const vertoSubscribeResultSchema = z.object({
  subscribedChannels: z.array(z.string()).optional(),
  unauthorizedChannels: z.array(z.string()).optional(),
  alreadySubscribedChannels: z.array(z.string()).optional(),
  sessid,
});
/** Result of verto.invite: "CALL CREATED", sent before routing (an unroutable number ends later in verto.bye). */
export const vertoInviteResultSchema = z.object({ message: z.string(), callID, sessid });
/** Result of verto.answer and verto.attach: nothing but the session id. */
export const vertoAnswerResultSchema = sessionResultSchema;
/** Result of verto.bye: "CALL ENDED" with the cause sent. */
export const vertoByeResultSchema = z.object({
  callID,
  message: z.string(),
  causeCode: z.number().int(),
  cause: z.string(),
  sessid,
});
/** Result of verto.modify: the hold state after the action ("CALL TRANSFERRED" for transfer). */
export const vertoModifyResultSchema = z.object({
  callID,
  action: z.string(),
  message: z.string().optional(),
  holdState: z.enum(['held', 'active']),
  sessid,
});
/** Result of verto.info: "SENT" once digits were queued. */
export const vertoInfoResultSchema = z.object({ message: z.string().optional(), sessid });

/** Result schema of every client request, by method. */
export const vertoResultSchemas = {
  login: vertoLoginResultSchema,
  echo: vertoObjectSchema,
  jsapi: vertoObjectSchema,
  'verto.subscribe': vertoSubscribeResultSchema,
  'verto.invite': vertoInviteResultSchema,
  'verto.answer': vertoAnswerResultSchema,
  'verto.attach': vertoAnswerResultSchema,
  'verto.bye': vertoByeResultSchema,
  'verto.modify': vertoModifyResultSchema,
  'verto.info': vertoInfoResultSchema,
} as const satisfies Record<VertoClientMethod, z.ZodType>;
export type VertoResults = { [M in VertoClientMethod]: z.infer<(typeof vertoResultSchemas)[M]> };

// ── server → client requests ─────────────────────────────────────────────────────────────────

/** verto.clientReady, after login: calls re-attached to this session id. */
export const vertoClientReadyParamsSchema = z.object({ reattached_sessions: z.array(z.string()) });

/**
 * verto.invite from FreeSWITCH: an incoming call with its SDP offer. `display_direction`
 * 'outbound' means caller_id_* is the far end; otherwise callee_id_* is (as verto.js reads it).
 */
export const vertoServerInviteParamsSchema = z.object({
  callID,
  sdp: z.string(),
  caller_id_name: z.string(),
  caller_id_number: z.string(),
  callee_id_name: z.string().optional(),
  callee_id_number: z.string().optional(),
  display_direction: z.string().optional(),
  variables: variablesSchema.optional(),
});
export type VertoServerInviteParams = z.infer<typeof vertoServerInviteParamsSchema>;

/** verto.attach from FreeSWITCH: a live call re-offered after re-login with the same sessid. */
export const vertoServerAttachParamsSchema = vertoServerInviteParamsSchema;

/** verto.answer from FreeSWITCH: our outgoing call was answered, with the SDP answer. */
export const vertoServerAnswerParamsSchema = z.object({
  callID,
  sdp: z.string().optional(),
  variables: variablesSchema.optional(),
});

/** verto.media from FreeSWITCH: early media (SDP answer before the call is answered). */
export const vertoMediaParamsSchema = z.object({
  callID,
  sdp: z.string(),
  variables: variablesSchema.optional(),
});

/**
 * verto.display from FreeSWITCH: the far end's identity changed (e.g. after a transfer, or when the call
 * is answered). FreeSWITCH 1.11.1 also repeats both parties (caller_id_*, callee_id_*), as recorded on
 * the trial; display_* is the far end.
 */
export const vertoDisplayParamsSchema = z.object({
  callID,
  display_name: z.string().optional(),
  display_number: z.string().optional(),
  caller_id_name: z.string().optional(),
  caller_id_number: z.string().optional(),
  callee_id_name: z.string().optional(),
  callee_id_number: z.string().optional(),
  display_direction: z.string().optional(),
});

/** verto.bye from FreeSWITCH: the call ended (NORMAL_CLEARING, LOSE_RACE, NO_ROUTE_DESTINATION, …). */
export const vertoServerByeParamsSchema = z.object({
  callID,
  causeCode: z.number().int(),
  cause: z.string(),
});

/** `data` of a presence verto.event (one channel's call state). */
export const vertoPresenceDataSchema = z.object({
  channelCallState: z.string(),
  originalChannelCallState: z.string().optional(),
  channelState: z.string().optional(),
  callerUserName: z.string().optional(),
  callerIDName: z.string().optional(),
  callerIDNumber: z.string().optional(),
  calleeIDName: z.string().optional(),
  calleeIDNumber: z.string().optional(),
  channelUUID: z.string(),
  presenceCallDirection: z.string().optional(),
  channelPresenceID: z.string().optional(),
});

/** verto.event: something published on a subscribed event channel. */
export const vertoEventParamsSchema = z.object({
  data: z.union([vertoPresenceDataSchema, vertoObjectSchema]),
  eventChannel: z.string(),
  eventSerno: z.number().int().optional(),
  subscribedChannel: z.string().optional(),
});

/** verto.punt: another socket logged in with this session id; this one is finished. */
export const vertoPuntParamsSchema = z.object({});

/**
 * verto.ping: mod_verto's own probe after 30 s without a frame from the client (seen on the trial).
 * Nothing depends on an answer.
 */
export const vertoPingParamsSchema = z.object({
  serno: z.number().int(),
  'auth-expires': z.number().int().optional(),
});

/** Params of every request FreeSWITCH sends, by method. */
export const vertoServerRequestSchemas = {
  'verto.clientReady': vertoClientReadyParamsSchema,
  'verto.invite': vertoServerInviteParamsSchema,
  'verto.attach': vertoServerAttachParamsSchema,
  'verto.answer': vertoServerAnswerParamsSchema,
  'verto.media': vertoMediaParamsSchema,
  'verto.display': vertoDisplayParamsSchema,
  'verto.bye': vertoServerByeParamsSchema,
  'verto.event': vertoEventParamsSchema,
  'verto.punt': vertoPuntParamsSchema,
  'verto.ping': vertoPingParamsSchema,
  /** The sandbox's request for a fresh offer on a live call (sandbox.ts); FreeSWITCH never sends it. */
  'sandbox.offer': sandboxOfferParamsSchema,
} as const;
export type VertoServerMethod = keyof typeof vertoServerRequestSchemas;
export type VertoServerParams = { [M in VertoServerMethod]: z.infer<(typeof vertoServerRequestSchemas)[M]> };

/**
 * The client's reply to a server request that names a call: `{ method }`, as verto.js sends
 * it. clientReady, event and punt get no reply (none in the recording). mod_verto ignores the
 * reply; the sandbox may count on it.
 */
export const vertoAckResultSchema = z.object({ method: z.string() });
export type VertoAckResult = z.infer<typeof vertoAckResultSchema>;

// ── typed requests ───────────────────────────────────────────────────────────────────────────

/** A request from the server with its params read for its method. */
export type VertoServerRequest = {
  [M in VertoServerMethod]: { id: number; method: M; params: VertoServerParams[M] };
}[VertoServerMethod];

/** A request from a client with its params read for its method. */
export type VertoClientRequest = {
  [M in VertoClientMethod]: { id: number; method: M; params: VertoClientParams[M] };
}[VertoClientMethod];

function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}

/** Reads a server request's params for its method; undefined for an unknown method or bad params. */
export function parseVertoServerRequest(frame: VertoRequestFrame): VertoServerRequest | undefined {
  if (!isKeyOf(vertoServerRequestSchemas, frame.method)) return undefined;
  const params = vertoServerRequestSchemas[frame.method].safeParse(frame.params);
  return params.success
    ? ({ id: frame.id, method: frame.method, params: params.data } as VertoServerRequest)
    : undefined;
}

/** Reads a client request's params for its method; undefined for an unknown method or bad params. */
export function parseVertoClientRequest(frame: VertoRequestFrame): VertoClientRequest | undefined {
  if (!isKeyOf(vertoClientRequestSchemas, frame.method)) return undefined;
  const params = vertoClientRequestSchemas[frame.method].safeParse(frame.params);
  return params.success
    ? ({ id: frame.id, method: frame.method, params: params.data } as VertoClientRequest)
    : undefined;
}
