import type { SoftphoneConnection } from '@tsunagu/contract/auth';
import type { ProcessName } from '@tsunagu/contract/action-log';
import { dialString, PICKUP_PREFIX } from '@tsunagu/contract/pbx/dial';
import type { SandboxAudio } from '@tsunagu/contract/verto/index';
import { ja } from '../shared/i18n/ja';
import { createStore, type Store } from '../shared/store/create-store';
import {
  currentCall,
  emptySession,
  heldCalls,
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
  /** The Japanese ringback tone on a call we placed, until it is answered or ends. */
  startRingback(): void;
  stopRingback(): void;
  startRing(): void;
  stopRing(): void;
  busy(): void;
  /** A short tone: a call rings while another is in progress. */
  callWaiting(): void;
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

const t = ja.softphone;

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
    this.#deps.sounds.stopRingback();
    this.#deps.sounds.dispose();
    this.store.set({ status: 'idle', problem: null, session: emptySession });
  }

  // ── actions (spec 4 "Call actions") ────────────────────────────────────────────────────────

  /** Dials a number (non-digits stripped by the dial rule); a current call is held aside first. */
  async dial(raw: string): Promise<void> {
    await this.#place(raw);
  }

  /**
   * Attended transfer, first step: the current call is held (its far end hears hold music) and the
   * colleague at `raw` is called; then completeTransfer, cancelConsult or switchTo either call.
   */
  async consult(raw: string): Promise<boolean> {
    const held = this.#upCall();
    if (!held || this.state.session.consult || this.state.session.conference) return false;
    const consultId = await this.#place(raw);
    if (consultId === null) return false;
    this.#dispatch({ type: 'consult', consult: { heldId: held.callID, consultId } });
    return true;
  }

  /** Attended transfer, last step: the caller on hold and the colleague consulted are put through to each other. */
  async completeTransfer(): Promise<void> {
    const { consult, calls } = this.state.session;
    const consulted = consult && calls[consult.consultId];
    const up = consulted?.status === 'active' || consulted?.status === 'held';
    if (!consult || !this.#line || !consulted || !up) return;
    try {
      await this.#line.replace(consult.heldId, consult.consultId);
      this.#log('LogController-transferCall', true);
      this.#notice('info', t.transferred(consulted.number));
    } catch (error) {
      this.#fail('LogController-transferCall', error, t.transferFailed);
    }
  }

  /** Gives up an attended transfer: the colleague's call ends and the caller comes back off hold. */
  async cancelConsult(): Promise<void> {
    const { consult } = this.state.session;
    if (!consult || !this.#line) return;
    await this.#line.hangup(consult.consultId).catch(() => undefined);
    // The caller is the current call again once the colleague's call ended (or was already).
    if (this.state.session.calls[consult.heldId]?.status === 'held') await this.#resume(consult.heldId);
  }

  /**
   * Switches to the call on a line: a waiting call is answered, a held one resumed; the current call
   * (if up) goes on hold first. Resolves with the call switched to.
   */
  async switchTo(callID: string): Promise<CallView | null> {
    const { session } = this.state;
    if (session.incoming.includes(callID)) return this.answer(callID);
    const target = session.calls[callID];
    const current = currentCall(session);
    if (!target || !session.aside.includes(callID) || session.conference) return null;
    if (current && !(await this.#makeRoom(current))) return null;
    return (await this.#resume(callID)) ? target : null;
  }

  /** The held call joins the current one: a three-way call, mixed in this browser. */
  async conference(): Promise<void> {
    const current = this.#upCall();
    const other = heldCalls(this.state.session).findLast(
      (call) => call.status === 'held' || call.status === 'active',
    );
    if (!current || !other || !this.#line || this.state.session.conference) return;
    try {
      if (current.status === 'held') await this.#line.unhold(current.callID);
      await this.#line.unhold(other.callID);
      this.#dispatch({ type: 'conference', callID: other.callID });
      await this.#line.conference(current.callID, other.callID);
      this.#log('LogController-holdCall', true);
    } catch (error) {
      this.#fail('LogController-holdCall', error, t.conferenceFailed);
    }
  }

  /** Leaves a three-way call without ending it: the other two parties stay connected to each other. */
  async leaveConference(): Promise<void> {
    const pair = this.state.session.conference;
    if (!pair || !this.#line) return;
    try {
      await this.#line.replace(pair[0], pair[1]);
      this.#log('LogController-transferCall', true);
      this.#notice('info', t.leftConference);
    } catch (error) {
      this.#fail('LogController-transferCall', error, t.leaveConferenceFailed);
    }
  }

  /** Hangs up one call that is not the current one (held, or still ringing out), at once. */
  async hangUpCall(callID: string): Promise<void> {
    const { session } = this.state;
    if (session.incoming.includes(callID)) return this.reject(callID);
    if (!session.calls[callID] || !this.#line) return;
    try {
      await this.#line.hangup(callID);
      this.#log('LogController-hangupCall', true);
    } catch {
      this.#log('LogController-hangupCall', false);
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

  /**
   * Hangs up the current call after 1 s (both calls of a three-way call: it ends for everyone); with
   * none, rejects the first waiting call.
   */
  hangUp(): void {
    const { session } = this.state;
    const current = currentCall(session);
    if (!current) {
      const first = session.incoming[0];
      if (first) void this.reject(first);
      return;
    }
    for (const callID of session.conference ?? [current.callID]) {
      if (this.#hangingUp.has(callID)) continue;
      const timer = setTimeout(() => {
        this.#hangingUp.delete(callID);
        this.#line
          ?.hangup(callID)
          .then(() => this.#log('LogController-hangupCall', true))
          .catch(() => this.#log('LogController-hangupCall', false));
      }, this.#deps.hangUpDelayMs ?? 1000);
      this.#hangingUp.set(callID, timer);
    }
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
    line.on('ended', ({ callID, cause, byExchange }) => {
      clearTimeout(this.#hangingUp.get(callID));
      this.#hangingUp.delete(callID);
      this.#deps.sounds.stopCallAudio(callID);
      this.#dispatch({ type: 'hangup', callID, ...(byExchange ? { cause } : {}) });
    });
    line.on('earlyMedia', ({ callID }) => this.#dispatch({ type: 'earlyMedia', callID }));
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

  /** Places a call (after making way for it); its callID, or null when it could not be placed. */
  async #place(raw: string): Promise<string | null> {
    const number = dialString(raw);
    const line = this.#line;
    if (!number) return null;
    if (!line || this.state.status !== 'ready') {
      this.#notReady();
      return null;
    }
    const current = currentCall(this.state.session);
    if (current && !(await this.#makeRoom(current))) return null;
    const callID = crypto.randomUUID();
    this.#dispatch({ type: 'trying', call: { callID, number, name: '' } });
    // Every line is taken: there is nowhere to put another call.
    if (!this.state.session.calls[callID]) {
      this.#notice('warning', t.linesFull);
      return null;
    }
    try {
      await line.dial(number, callID);
      this.#dispatch({ type: 'calling', callID });
      this.#log('LogController-newCall', true);
      return callID;
    } catch (error) {
      this.#dispatch({ type: 'hangup', callID });
      this.#fail('LogController-newCall', error, t.dialFailed);
      return null;
    }
  }

  /** A held call becomes the current one and is taken off hold; false when the exchange refused. */
  async #resume(callID: string): Promise<boolean> {
    this.#dispatch({ type: 'takeUp', callID });
    try {
      if (this.state.session.calls[callID]?.status === 'held') await this.#line?.unhold(callID);
      this.#log('LogController-holdCall', true);
      return true;
    } catch (error) {
      this.#fail('LogController-holdCall', error, t.holdFailed);
      return false;
    }
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
      case 'callWaitingTone':
        return sounds.callWaiting();
      case 'linesFull':
        // The caller hears busy: nowhere to put the call.
        this.#line?.hangup(effect.callID, 'USER_BUSY').catch(() => undefined);
        return;
      case 'startRingback':
        return sounds.startRingback();
      case 'stopRingback':
        return sounds.stopRingback();
      case 'notConnected': {
        // A pick-up (*8) that found nothing ringing ends without a cause worth telling.
        const pickup = effect.number.startsWith(PICKUP_PREFIX) ? t.nothingToPickUp : null;
        const text = t.notConnected(effect.cause) ?? pickup;
        if (text) this.#notice('warning', text);
        return;
      }
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
