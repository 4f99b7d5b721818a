import { z } from 'zod';

/**
 * JSON-RPC 2.0 framing as FreeSWITCH's mod_verto speaks it over a WebSocket (one JSON object per
 * text frame). Both peers send requests: the client (login, verto.invite, …) and the server
 * (verto.clientReady, verto.invite, verto.bye, …).
 */

/** Error codes mod_verto answers with (mod_verto.h plus the literals in process_jrpc). */
export const vertoErrorCodes = {
  /** A method other than login before logging in ("Authentication Required"). */
  authRequired: -32000,
  /** Wrong login or password ("Authentication Failure", "Login Incorrect", …); the socket stays open. */
  authFailed: -32001,
  /** A call-level failure: "CALL ERROR" (e.g. an invite without SDP), "CALL DOES NOT EXIST". */
  sessionError: -32002,
  /** Not JSON, or not JSON-RPC 2.0. */
  invalidRequest: -32600,
  /** Unknown method, or one the user's `jsonrpc-allowed-methods` does not allow (echo, jsapi). */
  methodNotFound: -32601,
  /** A method refused without a reason. */
  permissionDenied: -32602,
} as const;

/** One of mod_verto's error codes. */
export type VertoErrorCode = (typeof vertoErrorCodes)[keyof typeof vertoErrorCodes];

/** The messages mod_verto sends with its framework-level errors, by code name. */
export const vertoErrorMessages = {
  authRequired: 'Authentication Required',
  authFailed: 'Authentication Failure',
  sessionError: 'CALL ERROR',
  invalidRequest: 'Invalid Request',
  methodNotFound: 'Invalid Method, Missing Method or Permission Denied',
  permissionDenied: 'Permission Denied',
} as const satisfies Record<keyof typeof vertoErrorCodes, string>;

/** Any JSON object. */
export const vertoObjectSchema = z.record(z.string(), z.unknown());

/** A request id; each side numbers its own requests from 1. */
export const vertoIdSchema = z.number().int();

/** A request in either direction. */
export const vertoRequestFrameSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: vertoIdSchema,
  method: z.string().min(1),
  params: vertoObjectSchema,
});
export type VertoRequestFrame = z.infer<typeof vertoRequestFrameSchema>;

/** A successful reply. */
export const vertoResultFrameSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: vertoIdSchema,
  result: vertoObjectSchema,
});
export type VertoResultFrame = z.infer<typeof vertoResultFrameSchema>;

/** The `error` member of a failed reply. */
export const vertoErrorSchema = z.object({
  /** One of {@link vertoErrorCodes}. */
  code: z.number().int(),
  /**
   * The reason. mod_verto sometimes writes `message` twice in one object ("SDP missing" then
   * "CALL ERROR"); JSON.parse keeps the last one, so the generic text is what arrives.
   */
  message: z.string(),
  /** Hangup cause name, on call errors. */
  cause: z.string().optional(),
  /** Q.850-style hangup cause code, on call errors. */
  causeCode: z.number().int().optional(),
  /** The call concerned, on verto.modify errors. */
  callID: z.string().optional(),
  /** The verto.modify action that failed. */
  action: z.string().optional(),
});
export type VertoError = z.infer<typeof vertoErrorSchema>;

/** A failed reply; the id is null when the request could not be read at all. */
export const vertoErrorFrameSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: vertoIdSchema.nullable(),
  error: vertoErrorSchema,
});
export type VertoErrorFrame = z.infer<typeof vertoErrorFrameSchema>;

/** A frame read off the socket, told apart by shape. */
export type VertoFrame =
  | ({ kind: 'request' } & VertoRequestFrame)
  | ({ kind: 'result' } & VertoResultFrame)
  | ({ kind: 'error' } & VertoErrorFrame);

/**
 * Reads one text frame; undefined when it is not a JSON-RPC 2.0 request or reply.
 * Requests are told from replies by `method` versus `result`/`error`, never by id: mod_verto
 * numbers its own requests from 1, so its `verto.clientReady` arrives with the same id as the
 * client's first login.
 */
export function parseVertoFrame(text: string): VertoFrame | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  if ('method' in json) {
    const request = vertoRequestFrameSchema.safeParse(json);
    return request.success ? { kind: 'request', ...request.data } : undefined;
  }
  if ('result' in json) {
    const result = vertoResultFrameSchema.safeParse(json);
    return result.success ? { kind: 'result', ...result.data } : undefined;
  }
  const error = vertoErrorFrameSchema.safeParse(json);
  return error.success ? { kind: 'error', ...error.data } : undefined;
}
