import type { SoftphoneConnection } from '@tsunagu/contract/auth';
import type { ProcessName } from '@tsunagu/contract/action-log';
import { dialString } from '@tsunagu/contract/pbx/dial';
import type { SandboxAudio } from '@tsunagu/contract/verto/index';
import { createStore, type Store } from '../shared/store/create-store';
import {
  currentCall,
  emptySession,
  reduceSession,
  type CallSession,
  type CallView,
  type SessionEffect,
  type SessionEvent,
} from './call-session';
import { MediaSetupError, MicrophoneError, type MediaEnvironment } from './call-media';
import { parkAction } from './park';
import { resolveSocketUrl } from './socket-url';
import { reconnectDelay, VertoClient, VertoLoginError, type VertoClientOptions } from './verto-client';
import { VertoLine } from './verto-line';
import { phoneJa } from './phone.ja';

/**
 * The browser softphone of a 'verto' user: one verto login, its calls and media (VertoLine), the
 * call session of spec 4 (call-session.ts) and the sounds and notices it calls for.
 */

/** How the softphone stands with the exchange. */
export type SoftphoneStatus = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'unreachable' | 'ended';

export interface SoftphoneState {
  status: SoftphoneStatus;
  /** Why calls cannot be made, for the user; null while ready. */
  problem: string | null;
  session: CallSession;
}

/** A message for the user (shown as a toast, or as an alert for `alert`). */
export interface SoftphoneNotice {
  level: 'error' | 'warning' | 'info' | 'alert';
  text: string;
}

/** What the softphone plays. */
export interface SoftphoneSounds {
  startRing(): void;
  stopRing(): void;
  busy(): void;
  keyTone(key: string): void;
  sandboxAudio(audio: SandboxAudio): void;
  stopCallAudio(callID: string): void;
  dispose(): void;
}

/** Everything the softphone reaches outside itself; the browser's in production, fakes in tests. */
export interface SoftphoneDeps {
  fetchConnection(): Promise<SoftphoneConnection>;
  /** The page's location, to place a relative socket URL ('/verto') on this host. */
  location: Pick<Location, 'protocol' | 'host'>;
  clientOptions?: VertoClientOptions;
  media: MediaEnvironment;
  sounds: SoftphoneSounds;
  /** Spec 7 action log; failures of the log itself are ignored. */
  logAction(process: ProcessName, success: boolean): Promise<void>;
  /** Spec 4 "ringing": the call tab opens. */
  openPhoneTab(): void;
  /** The ringtone is 'none'. */
  silentRing(): boolean;
  now(): number;
  /** Spec 9 "Timing": hang-up delay. */
  hangUpDelayMs?: number;
  /** First delay before trying an unreachable exchange again (doubling up to 30 s). */
  retryDelayMs?: number;
}

/** An API failure that says the user has no extension (GET /v1/softphone/connection → 404). */
function isMissingExtension(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

const t = phoneJa;

type Listener<T> = (value: T) => void;

export class Softphone {
  readonly store: Store<SoftphoneState> = createStore<SoftphoneState>({
    status: 'idle',
    problem: null,
    session: emptySession,
  });
  readonly #deps: SoftphoneDeps;
  readonly #notices = new Set<Listener<SoftphoneNotice>>();
  readonly #ringing = new Set<Listener<CallView>>();
  #client: VertoClient | null = null;
  #line: VertoLine | null = null;
  #running = false;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #hangingUp = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(deps: SoftphoneDeps) {
    this.#deps = deps;
  }

  get state(): SoftphoneState {
    return this.store.get();
  }

  /** The calls' line while connected (for media statistics). */
  get line(): VertoLine | null {
    return this.#line;
  }

  /** Receives messages for the user. */
  onNotice(listener: Listener<SoftphoneNotice>): () => void {
    this.#notices.add(listener);
    return () => this.#notices.delete(listener);
  }

  /** Called when a call starts ringing here (the incoming-call notification). */
  onRinging(listener: Listener<CallView>): () => void {
    this.#ringing.add(listener);
    return () => this.#ringing.delete(listener);
  }

  /** Connects (phone type 'verto'); keeps trying while the exchange cannot be reached. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#attempt = 0;
    void this.#connect();
  }

  /** Disconnects for good (logout, phone type 'phone'): calls end, sounds stop. */
  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    clearTimeout(this.#retryTimer);
    for (const timer of this.#hangingUp.values()) clearTimeout(timer);
    this.#hangingUp.clear();
    this.#teardown();
    this.#deps.sounds.stopRing();
    this.#deps.sounds.dispose();
    this.store.set({ status: 'idle', problem: null, session: emptySession });
  }

  // ── actions (spec 4 "Call actions") ────────────────────────────────────────────────────────

  /** Dials a number (non-digits stripped by the dial rule); a current call is held aside first. */
  async dial(raw: string): Promise<void> {
    const number = dialString(raw);
    const line = this.#line;
    if (!number) return;
    if (!line || this.state.status !== 'ready') return this.#notReady();
    const current = currentCall(this.state.session);
    if (current && !(await this.#makeRoom(current))) return;
    const callID = crypto.randomUUID();
    this.#dispatch({ type: 'trying', call: { callID, number, name: '' } });
    try {
      await line.dial(number, callID);
      this.#log('LogController-newCall', true);
    } catch (error) {
      this.#dispatch({ type: 'hangup', callID });
      this.#fail('LogController-newCall', error, t.dialFailed);
    }
  }

  /** Answers the given call, or the first waiting one (a current call is held aside first); the call answered. */
  async answer(callID?: string): Promise<CallView | null> {
    const { session } = this.state;
    const target = callID ?? session.incoming[0];
    const call = target === undefined ? undefined : session.calls[target];
    if (!call || !this.#line || !session.incoming.includes(call.callID)) return null;
    const current = currentCall(session);
    if (current && !(await this.#makeRoom(current))) return null;
    try {
      await this.#line.answer(call.callID);
      this.#log('LogController-answerCall', true);
      return call;
    } catch (error) {
      this.#fail('LogController-answerCall', error, t.answerFailed);
      return null;
    }
  }

  /** Hangs up the current call after 1 s; with none, rejects the first waiting call. */
  hangUp(): void {
    const { session } = this.state;
    const current = currentCall(session);
    if (!current) {
      const first = session.incoming[0];
      if (first) void this.reject(first);
      return;
    }
    if (this.#hangingUp.has(current.callID)) return;
    const timer = setTimeout(() => {
      this.#hangingUp.delete(current.callID);
      this.#line
        ?.hangup(current.callID)
        .then(() => this.#log('LogController-hangupCall', true))
        .catch(() => this.#log('LogController-hangupCall', false));
    }, this.#deps.hangUpDelayMs ?? 1000);
    this.#hangingUp.set(current.callID, timer);
  }

  /** Rejects a waiting call. */
  async reject(callID: string): Promise<void> {
    try {
      await this.#line?.hangup(callID, 'CALL_REJECTED');
      this.#log('LogController-hangupCall', true);
    } catch {
      this.#log('LogController-hangupCall', false);
    }
  }

  /** Holds or resumes the current call. */
  async toggleHold(): Promise<void> {
    const current = this.#upCall();
    if (!current || !this.#line) return;
    try {
      if (current.status === 'held') await this.#line.unhold(current.callID);
      else await this.#line.hold(current.callID);
      this.#log('LogController-holdCall', true);
    } catch (error) {
      this.#fail('LogController-holdCall', error, t.holdFailed);
    }
  }

  /** Mutes or unmutes the microphone on the current call. */
  toggleMute(): void {
    const current = this.#upCall();
    if (!current || !this.#line) return;
    this.#line.setMuted(current.callID, !current.muted);
    this.#dispatch({ type: 'muted', callID: current.callID, muted: !current.muted });
  }

  /** A keypad key during a call: DTMF (verto.info) and its key tone. */
  sendDtmf(key: string): void {
    const current = this.#upCall();
    if (!current || !this.#line) return;
    this.#deps.sounds.keyTone(key);
    this.#line.dtmf(current.callID, key).catch(() => this.#notice('error', t.dtmfFailed));
  }

  /** Blind transfer of the current call's far end; true once the exchange took it. */
  async transfer(raw: string): Promise<boolean> {
    const destination = dialString(raw);
    const current = this.#upCall();
    if (!destination || !current || !this.#line) return false;
    try {
      await this.#line.transfer(current.callID, destination);
      this.#log('LogController-transferCall', true);
      this.#notice('info', t.transferred(destination));
      return true;
    } catch (error) {
      this.#fail('LogController-transferCall', error, t.transferFailed);
      return false;
    }
  }

  /** P1–P8: parks the current call there, or, with no call, dials the slot to take the parked call. */
  async park(slot: number): Promise<void> {
    const current = this.#upCall();
    const action = parkAction(slot, current !== null);
    if (action.kind === 'retrieve') {
      if (currentCall(this.state.session)) return;
      await this.dial(action.number);
      return;
    }
    if (!current || !this.#line) return;
    try {
      await this.#line.transfer(current.callID, action.number);
      this.#log('LogController-parkCall', true);
    } catch (error) {
      this.#fail('LogController-parkCall', error, t.parkFailed);
    }
  }

  // ── connection ─────────────────────────────────────────────────────────────────────────────

  async #connect(): Promise<void> {
    this.#setStatus(
      this.#attempt === 0 ? 'connecting' : 'unreachable',
      this.#attempt === 0 ? null : t.connection.unreachable,
    );
    let info: SoftphoneConnection;
    try {
      info = await this.#deps.fetchConnection();
    } catch (error) {
      if (!this.#running) return;
      if (isMissingExtension(error)) return this.#setStatus('ended', t.noExtension);
      return this.#retry();
    }
    if (!this.#running) return;
    const client = new VertoClient(this.#deps.clientOptions);
    const line = new VertoLine(client, this.#deps.media, {
      callerIdName: info.callerName,
      callerIdNumber: info.callerNumber,
    });
    this.#client = client;
    this.#line = line;
    this.#wire(client, line);
    try {
      await client.connect(resolveSocketUrl(info.socketUrl, this.#deps.location), {
        login: info.user,
        passwd: info.pass,
      });
    } catch (error) {
      if (!this.#running || this.#client !== client) return;
      this.#teardown();
      if (error instanceof VertoLoginError) return this.#setStatus('ended', error.message);
      return this.#retry();
    }
    this.#attempt = 0;
  }

  /** The exchange could not be reached: try again later, doubling the wait up to 30 s. */
  #retry(): void {
    const delay = reconnectDelay(this.#attempt++, this.#deps.retryDelayMs ?? 1000, 30_000);
    this.#setStatus('unreachable', t.connection.unreachable);
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
  }

  #wire(client: VertoClient, line: VertoLine): void {
    client.on('state', (state) => {
      if (this.#client !== client) return;
      if (state === 'ready') this.#setStatus('ready', null);
      // The client backs off and logs in again by itself (with the same session id).
      else if (state === 'reconnecting') this.#setStatus('reconnecting', t.connection.reconnecting);
    });
    // A refused re-login may mean an administrator reset the password (which drops the phones signed in
    // with the old one): start over once with the console's current credentials; a refusal then ends it.
    client.on('loginFailed', () => {
      if (this.#client !== client) return;
      this.#teardown();
      void this.#connect();
    });
    client.on('punt', () => this.#end(t.punted));
    line.on('ringing', (call) =>
      this.#dispatch({
        type: 'ringing',
        call: { callID: call.callID, number: call.remote.number, name: call.remote.name },
      }),
    );
    line.on('active', ({ callID }) => this.#dispatch({ type: 'active', callID, at: this.#deps.now() }));
    line.on('held', ({ callID }) => this.#dispatch({ type: 'held', callID }));
    line.on('recovering', (call) =>
      this.#dispatch({
        type: 'recovering',
        call: { callID: call.callID, number: call.remote.number, name: call.remote.name },
        at: this.#deps.now(),
      }),
    );
    line.on('display', ({ callID, name, number }) =>
      this.#dispatch({ type: 'display', callID, name, number }),
    );
    line.on('ended', ({ callID }) => {
      clearTimeout(this.#hangingUp.get(callID));
      this.#hangingUp.delete(callID);
      this.#deps.sounds.stopCallAudio(callID);
      this.#dispatch({ type: 'hangup', callID });
    });
    line.on('audio', (audio) => this.#deps.sounds.sandboxAudio(audio));
    line.on('mediaFailed', ({ error }) => this.#notice('error', error.message));
  }

  /** The socket is gone for good (refused re-login, another tab took over): say so and stop. */
  #end(problem: string): void {
    this.#teardown();
    this.#setStatus('ended', problem);
  }

  #teardown(): void {
    const line = this.#line;
    const client = this.#client;
    this.#line = null;
    this.#client = null;
    for (const callID of Object.keys(this.state.session.calls)) {
      this.#deps.sounds.stopCallAudio(callID);
      this.#dispatch({ type: 'hangup', callID });
    }
    line?.dispose();
    client?.close();
  }

  /** Spec 8: dialling without a ready socket. A clear message while it may come back; the alert when it cannot. */
  #notReady(): void {
    this.#log('LogController-newCall', false);
    if (this.state.status === 'ended') this.#notice('alert', t.sessionEnded);
    else this.#notice('warning', this.state.problem ?? t.notReady);
  }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────

  /** The current call when it is up (active or held). */
  #upCall(): CallView | null {
    const current = currentCall(this.state.session);
    return current?.status === 'active' || current?.status === 'held' ? current : null;
  }

  /** Makes way for another call: the current one is held aside, or hung up while it still rings out. */
  async #makeRoom(current: CallView): Promise<boolean> {
    const line = this.#line;
    if (!line) return false;
    try {
      if (current.status === 'trying') {
        await line.hangup(current.callID);
        return true;
      }
      if (current.status === 'active') await line.hold(current.callID);
      this.#dispatch({ type: 'setAside', callID: current.callID });
      return true;
    } catch (error) {
      this.#fail('LogController-holdCall', error, t.holdFailed);
      return false;
    }
  }

  #dispatch(event: SessionEvent): void {
    const { state, effects } = reduceSession(this.state.session, event, {
      silentRing: this.#deps.silentRing(),
    });
    if (state !== this.state.session) this.store.set({ ...this.state, session: state });
    for (const effect of effects) this.#apply(effect);
  }

  #apply(effect: SessionEffect): void {
    const { sounds } = this.#deps;
    switch (effect.type) {
      case 'startRing':
        return sounds.startRing();
      case 'stopRing':
        return sounds.stopRing();
      case 'busyTone':
        return sounds.busy();
      case 'openPhoneTab':
        return this.#deps.openPhoneTab();
      case 'notify':
        for (const listener of [...this.#ringing]) listener(effect.call);
        return;
    }
  }

  #setStatus(status: SoftphoneStatus, problem: string | null): void {
    this.store.set({ ...this.state, status, problem });
  }

  #notice(level: SoftphoneNotice['level'], text: string): void {
    for (const listener of [...this.#notices]) listener({ level, text });
  }

  #fail(process: ProcessName, error: unknown, fallback: string): void {
    this.#log(process, false);
    // A refused microphone or audio that could not be set up says so; anything else is told as the action that failed.
    const known = error instanceof MicrophoneError || error instanceof MediaSetupError;
    this.#notice('error', known ? error.message : fallback);
  }

  #log(process: ProcessName, success: boolean): void {
    this.#deps.logAction(process, success).catch(() => undefined);
  }
}
