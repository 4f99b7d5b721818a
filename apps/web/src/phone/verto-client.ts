import {
  createVertoIdSequence,
  parseVertoFrame,
  parseVertoServerRequest,
  vertoAck,
  vertoAnswerDialogParams,
  vertoAnswerRequest,
  vertoAttachRequest,
  vertoByeRequest,
  vertoClientRequest,
  vertoDtmfRequest,
  vertoErrorCodes,
  vertoErrorMessages,
  vertoErrorReply,
  vertoInviteRequest,
  vertoLoginRequest,
  vertoModifyRequest,
  vertoOutgoingDialogParams,
  vertoRemoteParty,
  vertoResult,
  vertoResultSchemas,
  SANDBOX_OFFER_METHOD,
  SANDBOX_VOICEMAIL_METHOD,
} from '@tsunagu/contract/verto/index';
import type {
  VertoClientMethod,
  VertoClientRequestFrame,
  VertoError,
  VertoHangupCause,
  VertoResults,
  VertoServerInviteParams,
  VertoServerParams,
  VertoServerRequest,
} from '@tsunagu/contract/verto/index';

/**
 * Our verto client: JSON-RPC 2.0 over one WebSocket to FreeSWITCH's mod_verto or the sandbox's
 * /verto. It carries SDP strings only; the RTCPeerConnection lives elsewhere.
 */

// A bivariant callback type, so both the DOM WebSocket and the `ws` package fit VertoSocket.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The part of a WebSocket the client uses (the browser's, or `ws` in Node). */
export interface VertoSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
}

/** A WebSocket constructor. */
export type VertoSocketFactory = new (url: string) => VertoSocket;

/** Connection life cycle: 'idle' = not logged in; 'reconnecting' = back-off wait and re-login. */
export type VertoConnectionState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** Who logs in: 'extension@userContext', its password, and optionally a session id to resume. */
export interface VertoCredentials {
  login: string;
  passwd: string;
  sessid?: string;
  userVariables?: Record<string, unknown>;
}

/** An incoming (or re-attached) call with the far end resolved. */
export interface VertoIncomingCall extends VertoServerInviteParams {
  remote_caller_id_name: string;
  remote_caller_id_number: string;
}

/** What the client reports, by event name. */
export interface VertoClientEvents {
  /** The connection state changed. */
  state: VertoConnectionState;
  /** FreeSWITCH is ready for calls (after every login), with the calls it re-attached. */
  ready: { reattachedSessions: string[] };
  /** A call is ringing here; already acknowledged. */
  invite: VertoIncomingCall;
  /** A live call re-offered after a reconnect: answer it with {@link VertoClient.attach}. */
  attach: VertoIncomingCall;
  /** Our outgoing call was answered (with FreeSWITCH's SDP answer). */
  answer: VertoServerParams['verto.answer'];
  /** Early media for our outgoing call. */
  media: VertoServerParams['verto.media'];
  /** The far end's identity changed. */
  display: VertoServerParams['verto.display'];
  /** A call ended on the server's side. */
  bye: VertoServerParams['verto.bye'];
  /** An event-channel message. */
  event: VertoServerParams['verto.event'];
  /** Another socket took over this session; the client closed and will not reconnect. */
  punt: VertoServerParams['verto.punt'];
  /** Re-login after a reconnect was refused (password changed?); the client closed. */
  loginFailed: VertoLoginError;
}

/**
 * Sandbox only: makes a fresh SDP offer for a live call (on a new RTCPeerConnection) when the
 * sandbox must re-bridge it to a browser that has to ring; the answer comes as an 'answer' event.
 */
export type VertoOfferProvider = (callID: string) => Promise<string>;

/** Tuning; every field has a default. */
export interface VertoClientOptions {
  /** WebSocket constructor; the browser's global by default. */
  WebSocket?: VertoSocketFactory;
  /** How long a request waits for its reply. */
  requestTimeoutMs?: number;
  /** First reconnect delay, doubled per failed attempt up to reconnectMaxDelayMs. */
  reconnectDelayMs?: number;
  reconnectMaxDelayMs?: number;
  /** Interval of the liveness probe; 0 turns it off. */
  keepAliveMs?: number;
  /** Makes call ids (UUIDs by default). */
  createId?: () => string;
}

/** A request FreeSWITCH refused. */
export class VertoRequestError extends Error {
  override readonly name: string = 'VertoRequestError';
  constructor(
    /** The verto method refused. */
    readonly method: string,
    /** FreeSWITCH's error object (code, message, cause). */
    readonly error: VertoError,
    message = 'ソフトフォンの操作に失敗しました',
  ) {
    super(message);
  }

  /** The JSON-RPC error code. */
  get code(): number {
    return this.error.code;
  }
}

/** Login refused: -32001 (wrong extension or password) or -32000 (credentials missing). */
export class VertoLoginError extends VertoRequestError {
  override readonly name = 'VertoLoginError';
  constructor(error: VertoError) {
    super('login', error, 'ソフトフォンにログインできません（内線番号またはパスワードを確認してください）');
  }
}

/** No reply within the request timeout. */
export class VertoTimeoutError extends Error {
  override readonly name = 'VertoTimeoutError';
  constructor(readonly method: string) {
    super('ソフトフォンのサーバーから応答がありません');
  }
}

/** The socket closed (or was never open) before the reply came. */
export class VertoDisconnectedError extends Error {
  override readonly name = 'VertoDisconnectedError';
  constructor() {
    super('ソフトフォンのサーバーに接続できません');
  }
}

/** The delay before reconnect attempt `attempt` (0-based): doubling from `first`, capped at `max`. */
export function reconnectDelay(attempt: number, first: number, max: number): number {
  return Math.min(first * 2 ** attempt, max);
}

/** A random UUID, also outside secure contexts where crypto.randomUUID is missing. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Pending {
  method: VertoClientMethod;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

type Listener<K extends keyof VertoClientEvents> = (payload: VertoClientEvents[K]) => void;

const OPEN = 1;

/** A verto session that survives dropped sockets. */
export class VertoClient {
  readonly #WebSocket: VertoSocketFactory;
  readonly #requestTimeoutMs: number;
  readonly #reconnectDelayMs: number;
  readonly #reconnectMaxDelayMs: number;
  readonly #keepAliveMs: number;
  readonly #createId: () => string;

  readonly #nextId = createVertoIdSequence();
  readonly #pending = new Map<number, Pending>();
  readonly #calls = new Map<string, VertoIncomingCall>();
  readonly #listeners = new Map<keyof VertoClientEvents, Set<(payload: never) => void>>();

  #socket: VertoSocket | undefined;
  #url = '';
  #credentials: Required<VertoCredentials> | undefined;
  #state: VertoConnectionState = 'idle';
  #reconnectAttempt = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  #offerProvider: VertoOfferProvider | null = null;

  constructor(options: VertoClientOptions = {}) {
    this.#WebSocket = options.WebSocket ?? globalThis.WebSocket;
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.#reconnectDelayMs = options.reconnectDelayMs ?? 500;
    this.#reconnectMaxDelayMs = options.reconnectMaxDelayMs ?? 10_000;
    this.#keepAliveMs = options.keepAliveMs ?? 30_000;
    this.#createId = options.createId ?? randomUuid;
  }

  /** Current connection state. */
  get state(): VertoConnectionState {
    return this.#state;
  }

  /** The session id in use (stable across reconnects). */
  get sessid(): string | undefined {
    return this.#credentials?.sessid;
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof VertoClientEvents>(type: K, listener: Listener<K>): () => void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /**
   * Opens the socket (unless already open to this url) and logs in. A refused login rejects
   * with VertoLoginError and, as mod_verto does, leaves the socket open for another attempt.
   */
  async connect(url: string, credentials: VertoCredentials): Promise<void> {
    const sessid = credentials.sessid ?? this.#credentials?.sessid ?? randomUuid();
    const wanted = { userVariables: {}, ...credentials, sessid };
    this.#stopReconnecting();
    if (!this.#socket || this.#url !== url || this.#socket.readyState !== OPEN) {
      this.#discardSocket();
      this.#url = url;
      this.#setState('connecting');
      await this.#open(url);
    }
    try {
      await this.#login(wanted);
    } catch (error) {
      // Not logged in any more: a later drop must not resume the old session.
      this.#credentials = undefined;
      this.#stopKeepAlive();
      this.#setState('idle');
      throw error;
    }
    this.#credentials = wanted;
    this.#reconnectAttempt = 0;
    this.#startKeepAlive();
    this.#setState('ready');
  }

  /** Dials: sends verto.invite with our SDP offer; resolves with the callID once the call is created. */
  async invite(call: {
    destination: string;
    callerIdName: string;
    callerIdNumber: string;
    sdp: string;
    callID?: string;
  }): Promise<string> {
    const { login, sessid } = this.#session();
    const dialogParams = vertoOutgoingDialogParams({
      ...call,
      callID: call.callID ?? this.#createId(),
      login,
    });
    const result = await this.#request(
      vertoInviteRequest(this.#nextId(), { sdp: call.sdp, dialogParams, sessid }),
    );
    return result.callID;
  }

  /** Answers an incoming call with our SDP answer. */
  async answer(callID: string, sdp: string): Promise<void> {
    const { login, sessid } = this.#session();
    const dialogParams = vertoAnswerDialogParams(this.#call(callID), login);
    await this.#request(vertoAnswerRequest(this.#nextId(), { dialogParams, sdp, sessid }));
  }

  /** Answers a re-attached call (after the 'attach' event) with a fresh SDP answer. */
  async attach(callID: string, sdp: string): Promise<void> {
    const { login, sessid } = this.#session();
    const dialogParams = vertoAnswerDialogParams(this.#call(callID), login);
    await this.#request(vertoAttachRequest(this.#nextId(), { dialogParams, sdp, sessid }));
  }

  /**
   * Sends a piece of the voicemail message this page records for the sandbox (sandbox.voicemail). Its
   * reply is not waited for: pieces go out in order on the socket, the last one before the hang-up.
   */
  sendVoicemailPiece(callID: string, pcm: string): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return;
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: this.#nextId(),
        method: SANDBOX_VOICEMAIL_METHOD,
        params: { callID, pcm },
      }),
    );
  }

  /** Hangs up (or rejects, with CALL_REJECTED) a call. */
  async bye(callID: string, cause: VertoHangupCause = 'NORMAL_CLEARING'): Promise<VertoResults['verto.bye']> {
    const { sessid } = this.#session();
    this.#calls.delete(callID);
    return this.#request(vertoByeRequest(this.#nextId(), { callID, sessid, cause }));
  }

  /** Puts a call on hold; resolves with the hold state FreeSWITCH reports. */
  async hold(callID: string): Promise<'held' | 'active'> {
    const { sessid } = this.#session();
    return (await this.#request(vertoModifyRequest(this.#nextId(), { action: 'hold', callID, sessid })))
      .holdState;
  }

  /** Takes a call off hold; resolves with the hold state FreeSWITCH reports. */
  async unhold(callID: string): Promise<'held' | 'active'> {
    const { sessid } = this.#session();
    return (await this.#request(vertoModifyRequest(this.#nextId(), { action: 'unhold', callID, sessid })))
      .holdState;
  }

  /**
   * Blind transfer: FreeSWITCH sends the far end of the bridge to `destination` in its dialplan
   * (a park slot too, e.g. 'park+5901' where the dialplan knows that form). Refused with -32002
   * when the call is not bridged.
   */
  async transfer(callID: string, destination: string): Promise<VertoResults['verto.modify']> {
    const { sessid } = this.#session();
    return this.#request(
      vertoModifyRequest(this.#nextId(), { action: 'transfer', callID, destination, sessid }),
    );
  }

  /**
   * Attended transfer: FreeSWITCH bridges the far end of `callID` with the far end of `replaceCallID`
   * (both calls of this login, both answered). Refused with -32002 ('transfer failed') otherwise.
   */
  async replace(callID: string, replaceCallID: string): Promise<VertoResults['verto.modify']> {
    const { sessid } = this.#session();
    return this.#request(
      vertoModifyRequest(this.#nextId(), { action: 'replace', callID, replaceCallID, sessid }),
    );
  }

  /** Sends DTMF digits on a call. */
  async dtmf(callID: string, digits: string): Promise<void> {
    const { sessid } = this.#session();
    await this.#request(vertoDtmfRequest(this.#nextId(), { callID, dtmf: digits, sessid }));
  }

  /** Sets (or, with null, removes) what answers the sandbox's `sandbox.offer` requests. */
  setOfferProvider(provider: VertoOfferProvider | null): void {
    this.#offerProvider = provider;
  }

  /** Closes for good: no reconnect; waiting requests fail with VertoDisconnectedError. */
  close(): void {
    this.#stopReconnecting();
    this.#discardSocket();
    this.#calls.clear();
    this.#setState('closed');
  }

  // ── socket ─────────────────────────────────────────────────────────────────────────────────

  #open(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new this.#WebSocket(url);
      this.#socket = socket;
      let opened = false;
      socket.onopen = () => {
        opened = true;
        resolve();
      };
      socket.onmessage = (event) => {
        if (socket === this.#socket && typeof event.data === 'string') this.#receive(event.data);
      };
      socket.onerror = () => {}; // a close event always follows
      socket.onclose = () => {
        if (!opened) reject(new VertoDisconnectedError());
        if (socket === this.#socket) this.#lost();
      };
    });
  }

  /** Detaches and closes the current socket; its waiting requests fail. */
  #discardSocket(): void {
    const socket = this.#socket;
    this.#socket = undefined;
    this.#stopKeepAlive();
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(new VertoDisconnectedError());
    }
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.close();
  }

  /** The socket dropped (or proved dead): reconnect if we were logged in. */
  #lost(): void {
    this.#discardSocket();
    if (!this.#credentials || this.#state === 'closed') {
      this.#setState('closed');
      return;
    }
    this.#setState('reconnecting');
    const delay = reconnectDelay(this.#reconnectAttempt++, this.#reconnectDelayMs, this.#reconnectMaxDelayMs);
    this.#reconnectTimer = setTimeout(() => void this.#reconnect(), delay);
  }

  /**
   * Opens a new socket and logs in with the same sessid, so mod_verto re-attaches the session's
   * answered calls (verto.attach); unanswered ones it has already hung up.
   */
  async #reconnect(): Promise<void> {
    const credentials = this.#credentials;
    if (!credentials) return;
    try {
      await this.#open(this.#url);
      await this.#login(credentials);
    } catch (error) {
      if (error instanceof VertoLoginError) {
        this.close();
        this.#emit('loginFailed', error);
      } else if (error instanceof VertoTimeoutError) {
        this.#lost();
      }
      // A socket that failed to open already went through #lost via its close event.
      return;
    }
    this.#reconnectAttempt = 0;
    this.#startKeepAlive();
    this.#setState('ready');
  }

  #stopKeepAlive(): void {
    clearInterval(this.#keepAliveTimer);
  }

  #stopReconnecting(): void {
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
  }

  /**
   * mod_verto offers no ping (echo is refused with -32601 for a stock user, as recorded), so the
   * probe is an echo whose reply of either kind proves the link; silence means it is dead.
   */
  #startKeepAlive(): void {
    this.#stopKeepAlive();
    if (this.#keepAliveMs <= 0) return;
    this.#keepAliveTimer = setInterval(() => {
      const sessid = this.#credentials?.sessid ?? '';
      this.#request(vertoClientRequest(this.#nextId(), 'echo', { sessid })).catch((error: unknown) => {
        if (error instanceof VertoTimeoutError) this.#lost();
      });
    }, this.#keepAliveMs);
  }

  // ── requests ───────────────────────────────────────────────────────────────────────────────

  async #login(credentials: Required<VertoCredentials>): Promise<void> {
    try {
      await this.#request(vertoLoginRequest(this.#nextId(), credentials));
    } catch (error) {
      const refused =
        error instanceof VertoRequestError &&
        (error.code === vertoErrorCodes.authFailed || error.code === vertoErrorCodes.authRequired);
      throw refused ? new VertoLoginError(error.error) : error;
    }
  }

  #request<M extends VertoClientMethod>(frame: VertoClientRequestFrame<M>): Promise<VertoResults[M]> {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return Promise.reject(new VertoDisconnectedError());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(frame.id);
        reject(new VertoTimeoutError(frame.method));
      }, this.#requestTimeoutMs);
      this.#pending.set(frame.id, {
        method: frame.method,
        resolve: resolve as (result: unknown) => void,
        reject,
        timer,
      });
      socket.send(JSON.stringify(frame));
    });
  }

  #session(): { login: string; sessid: string } {
    if (!this.#credentials || !this.#socket) throw new VertoDisconnectedError();
    return this.#credentials;
  }

  /** The remembered incoming call, or the bare id for a call we did not see ring. */
  #call(callID: string): VertoServerInviteParams {
    return this.#calls.get(callID) ?? { callID, sdp: '', caller_id_name: '', caller_id_number: '' };
  }

  // ── incoming frames ────────────────────────────────────────────────────────────────────────

  /** Handles one text frame; anything unreadable is dropped. */
  #receive(text: string): void {
    const frame = parseVertoFrame(text);
    if (!frame) return;
    if (frame.kind === 'request') {
      const request = parseVertoServerRequest(frame);
      // The sandbox's request for an offer is answered with the offer itself, once it is made.
      if (request?.method === SANDBOX_OFFER_METHOD) {
        void this.#replyWithOffer(request.id, request.params.callID);
        return;
      }
      // Like verto.js: every request naming a call gets `{ method }` back at once; clientReady,
      // events and punt get nothing (the recording shows no reply to them).
      if (typeof frame.params.callID === 'string') this.#send(vertoAck(frame.id, frame.method));
      if (request) this.#handle(request);
      return;
    }
    if (frame.id === null) return;
    const pending = this.#pending.get(frame.id);
    if (!pending) return;
    this.#pending.delete(frame.id);
    clearTimeout(pending.timer);
    if (frame.kind === 'error') {
      pending.reject(new VertoRequestError(pending.method, frame.error));
      return;
    }
    const result = vertoResultSchemas[pending.method].safeParse(frame.result);
    if (result.success) pending.resolve(result.data);
    else
      pending.reject(
        new VertoRequestError(pending.method, { code: vertoErrorCodes.invalidRequest, message: text }),
      );
  }

  #handle(request: VertoServerRequest): void {
    switch (request.method) {
      case 'verto.clientReady':
        this.#emit('ready', { reattachedSessions: request.params.reattached_sessions });
        return;
      case 'verto.invite':
      case 'verto.attach': {
        const remote = vertoRemoteParty(request.params);
        const call = {
          ...request.params,
          remote_caller_id_name: remote.name,
          remote_caller_id_number: remote.number,
        };
        this.#calls.set(call.callID, call);
        this.#emit(request.method === 'verto.invite' ? 'invite' : 'attach', call);
        return;
      }
      case 'verto.bye':
        this.#calls.delete(request.params.callID);
        this.#emit('bye', request.params);
        return;
      case 'verto.answer':
        this.#emit('answer', request.params);
        return;
      case 'verto.media':
        this.#emit('media', request.params);
        return;
      case 'verto.display':
        this.#emit('display', request.params);
        return;
      case 'verto.event':
        this.#emit('event', request.params);
        return;
      case 'verto.punt':
        this.close();
        this.#emit('punt', request.params);
        return;
    }
  }

  /** Replies to `sandbox.offer`: the provider's offer, or -32002 when there is none or it fails. */
  async #replyWithOffer(id: number, callID: string): Promise<void> {
    const socket = this.#socket;
    let reply: object;
    try {
      if (!this.#offerProvider) throw new Error('no offer provider');
      reply = vertoResult(id, { method: SANDBOX_OFFER_METHOD, sdp: await this.#offerProvider(callID) });
    } catch {
      reply = vertoErrorReply(id, {
        code: vertoErrorCodes.sessionError,
        message: vertoErrorMessages.sessionError,
        callID,
      });
    }
    // A reply meant for a socket that has since been replaced would answer the wrong session.
    if (socket === this.#socket) this.#send(reply);
  }

  #send(frame: object): void {
    if (this.#socket?.readyState === OPEN) this.#socket.send(JSON.stringify(frame));
  }

  #emit<K extends keyof VertoClientEvents>(type: K, payload: VertoClientEvents[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) (listener as Listener<K>)(payload);
  }

  #setState(state: VertoConnectionState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#emit('state', state);
  }
}
