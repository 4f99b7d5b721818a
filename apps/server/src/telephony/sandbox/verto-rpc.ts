/**
 * JSON-RPC 2.0 over one WebSocket, as mod_verto frames it: both sides send requests, each numbering
 * its own ids; requests are told from replies by `method` versus `result`/`error`. Frames are
 * handled one at a time in arrival order, and nothing a client sends can throw out of here.
 */
import {
  createVertoIdSequence,
  parseVertoFrame,
  vertoErrorCodes,
  vertoErrorMessages,
  vertoErrorReply,
  vertoResult,
  type VertoError,
  type VertoRequestFrame,
} from '@tsunagu/contract';
import type { RawData, WebSocket } from 'ws';
import type { Schedule } from './timers';

/** Frames longer than this are refused unread (an SDP is a few kilobytes). */
export const MAX_FRAME_LENGTH = 256 * 1024;

/** A client's reply to one of our requests. */
export type VertoReply = { result: Record<string, unknown> } | { error: VertoError };

/** A JSON-RPC error a request handler throws to refuse the request. */
export class VertoRefusal extends Error {
  constructor(readonly error: VertoError) {
    super(error.message);
  }
}

/** Refusals by mod_verto's codes, with its messages. */
export const refuse = {
  authRequired: () =>
    new VertoRefusal({ code: vertoErrorCodes.authRequired, message: vertoErrorMessages.authRequired }),
  authFailed: () =>
    new VertoRefusal({ code: vertoErrorCodes.authFailed, message: vertoErrorMessages.authFailed }),
  methodNotFound: () =>
    new VertoRefusal({ code: vertoErrorCodes.methodNotFound, message: vertoErrorMessages.methodNotFound }),
  invalidParams: () =>
    new VertoRefusal({ code: vertoErrorCodes.permissionDenied, message: 'Invalid params' }),
  /** A call-level failure (-32002), e.g. 'CALL DOES NOT EXIST'. */
  call: (message: string, extra: Partial<VertoError> = {}) =>
    new VertoRefusal({ code: vertoErrorCodes.sessionError, message, ...extra }),
};

export interface VertoPeer {
  readonly closed: boolean;
  /** A request to the client; its `{ method }` ack is not waited for. */
  notify(method: string, params: object): void;
  /** A request whose reply matters; null when none comes in time or the socket closes. */
  ask(method: string, params: object): Promise<VertoReply | null>;
  close(code?: number): void;
}

/** A handled request: its result, and what to do once the reply is on its way. */
export interface VertoHandled {
  result: object;
  /** Follow-ups that must reach the client after the reply (mod_verto's order), e.g. a verto.bye. */
  after?: () => void;
}

export interface VertoPeerOptions {
  schedule: Schedule;
  timeoutMs: number;
  heartbeatMs: number;
  /** Handles one client request; throw VertoRefusal to refuse it. */
  onRequest(frame: VertoRequestFrame): Promise<VertoHandled>;
  /** The socket closed (either side); runs once. */
  onClose(): void;
  onError(error: unknown): void;
}

/** Wraps an open socket. */
export function createVertoPeer(socket: WebSocket, options: VertoPeerOptions): VertoPeer {
  const { schedule } = options;
  const nextId = createVertoIdSequence();
  const waiting = new Map<number, (reply: VertoReply | null) => void>();
  let closed = false;
  let queue = Promise.resolve();
  let alive = true;
  let stopHeartbeat = () => {};

  const send = (frame: object) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  async function receive(data: RawData, isBinary: boolean): Promise<void> {
    const text = isBinary ? '' : rawText(data);
    const frame = text.length <= MAX_FRAME_LENGTH ? parseVertoFrame(text) : undefined;
    if (!frame) {
      send(
        vertoErrorReply(idOf(text), {
          code: vertoErrorCodes.invalidRequest,
          message: vertoErrorMessages.invalidRequest,
        }),
      );
      return;
    }
    if (frame.kind !== 'request') {
      if (frame.id !== null)
        waiting.get(frame.id)?.(frame.kind === 'result' ? { result: frame.result } : { error: frame.error });
      return;
    }
    try {
      const handled = await options.onRequest(frame);
      send(vertoResult(frame.id, handled.result));
      handled.after?.();
    } catch (error) {
      if (!(error instanceof VertoRefusal)) options.onError(error);
      const reply =
        error instanceof VertoRefusal
          ? error.error
          : { code: vertoErrorCodes.sessionError, message: 'CALL ERROR' };
      send(vertoErrorReply(frame.id, reply));
    }
  }

  function shutdown(): void {
    if (closed) return;
    closed = true;
    stopHeartbeat();
    for (const settle of [...waiting.values()]) settle(null);
    options.onClose();
  }

  socket.on('message', (data, isBinary) => {
    queue = queue.then(() => receive(data, isBinary)).catch(options.onError);
  });
  socket.on('close', shutdown);
  socket.on('error', () => socket.terminate());
  socket.on('pong', () => (alive = true));
  if (options.heartbeatMs > 0) {
    // A socket that answers no ping is gone even if TCP never said so: its calls must end.
    const beat = () => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      stopHeartbeat = schedule(beat, options.heartbeatMs);
    };
    stopHeartbeat = schedule(beat, options.heartbeatMs);
  }

  return {
    get closed() {
      return closed;
    },
    notify(method, params) {
      send({ jsonrpc: '2.0', id: nextId(), method, params });
    },
    ask(method, params) {
      if (closed) return Promise.resolve(null);
      const id = nextId();
      return new Promise((resolve) => {
        const settle = (reply: VertoReply | null) => {
          cancel();
          waiting.delete(id);
          resolve(reply);
        };
        const cancel = schedule(() => settle(null), options.timeoutMs);
        waiting.set(id, settle);
        send({ jsonrpc: '2.0', id, method, params });
      });
    },
    close(code = 1000) {
      socket.close(code);
      shutdown();
    },
  };
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** The id of a frame we could not read as JSON-RPC, when it has a usable one. */
function idOf(text: string): number | null {
  try {
    const json: unknown = JSON.parse(text);
    const id = typeof json === 'object' && json !== null ? (json as { id?: unknown }).id : undefined;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}
