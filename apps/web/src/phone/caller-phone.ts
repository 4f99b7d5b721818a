import { sandboxCallerLogin, type SandboxAudio } from '@tsunagu/contract/verto/index';
import { createStore, type Store } from '../shared/store/create-store';
import type { MediaEnvironment } from './call-media';
import { VertoClient, type VertoClientOptions } from './verto-client';
import { VertoLine, type LineCall } from './verto-line';

/**
 * The sandbox's caller page (模擬発信): an outside phone with a real microphone. It signs in to the
 * sandbox's /verto as `external:<number>@<domainName>` with the console session token, dials the
 * tenant's incoming numbers, answers calls made to its number, presses IVR digits and plays what
 * the sandbox says the caller would hear.
 */

/** The one call of the page. */
export interface CallerCall {
  callID: string;
  direction: 'inbound' | 'outbound';
  /** The far end's number. */
  number: string;
  status: 'calling' | 'ringing' | 'talking';
}

export interface CallerPhoneState {
  connection: 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'closed';
  /** The verto login while signed in. */
  login: string | null;
  call: CallerCall | null;
  /** Why the last call ended (verto cause), until the next one. */
  ended: string | null;
  /** What the sandbox says is playing on the call. */
  hearing: Extract<SandboxAudio, { action: 'play' }> | null;
}

/** What the caller page reaches outside itself. */
export interface CallerPhoneDeps {
  media: MediaEnvironment;
  clientOptions?: VertoClientOptions;
  /** Plays (or stops) what the sandbox says the call hears. */
  play(audio: SandboxAudio): void;
  keyTone(key: string): void;
}

const idle: CallerPhoneState = { connection: 'idle', login: null, call: null, ended: null, hearing: null };

export class CallerPhone {
  readonly store: Store<CallerPhoneState> = createStore<CallerPhoneState>(idle);
  readonly #deps: CallerPhoneDeps;
  #client: VertoClient | null = null;
  #line: VertoLine | null = null;

  constructor(deps: CallerPhoneDeps) {
    this.#deps = deps;
  }

  get state(): CallerPhoneState {
    return this.store.get();
  }

  /** The line while signed in (for media statistics). */
  get line(): VertoLine | null {
    return this.#line;
  }

  /** Signs in as the outside number `number` of the tenant `domainName`. */
  async connect(url: string, number: string, domainName: string, sessionToken: string): Promise<void> {
    this.disconnect();
    const client = new VertoClient(this.#deps.clientOptions);
    const line = new VertoLine(client, this.#deps.media, { callerIdName: '', callerIdNumber: number });
    this.#client = client;
    this.#line = line;
    this.#wire(client, line);
    const login = sandboxCallerLogin(number, domainName);
    this.#patch({ connection: 'connecting', login: null });
    try {
      await client.connect(url, { login, passwd: sessionToken });
    } catch (error) {
      if (this.#client === client) this.disconnect();
      throw error;
    }
    this.#patch({ login });
  }

  /** Signs out; a call in progress ends. */
  disconnect(): void {
    const line = this.#line;
    const client = this.#client;
    this.#line = null;
    this.#client = null;
    if (this.state.call) this.#deps.play({ action: 'stop', callID: this.state.call.callID });
    line?.dispose();
    client?.close();
    this.store.set(idle);
  }

  /** Dials an incoming number of the tenant. */
  async dial(number: string): Promise<void> {
    const line = this.#line;
    if (!line || this.state.call) return;
    const callID = crypto.randomUUID();
    this.#patch({
      call: { callID, direction: 'outbound', number, status: 'calling' },
      ended: null,
      hearing: null,
    });
    try {
      await line.dial(number, callID);
    } catch (error) {
      this.#patch({ call: null });
      throw error;
    }
  }

  /** Answers the call ringing here. */
  async answer(): Promise<void> {
    const call = this.state.call;
    if (!call || call.status !== 'ringing') return;
    await this.#line?.answer(call.callID);
  }

  /** Hangs up (or refuses) the call. */
  async hangup(): Promise<void> {
    const call = this.state.call;
    if (call) await this.#line?.hangup(call.callID);
  }

  /** Presses a key: DTMF to the exchange (an IVR reads it) and its tone here. */
  async dtmf(key: string): Promise<void> {
    const call = this.state.call;
    if (!call || !this.#line) return;
    this.#deps.keyTone(key);
    await this.#line.dtmf(call.callID, key);
  }

  #wire(client: VertoClient, line: VertoLine): void {
    client.on('state', (connection) => {
      if (this.#client === client && connection !== 'idle') this.#patch({ connection });
    });
    line.on('ringing', (call: LineCall) => {
      // One call at a time, as a plain phone: a second caller hears busy.
      if (this.state.call) return void line.hangup(call.callID, 'USER_BUSY').catch(() => undefined);
      this.#patch({
        call: { callID: call.callID, direction: 'inbound', number: call.remote.number, status: 'ringing' },
        ended: null,
        hearing: null,
      });
    });
    line.on('active', ({ callID }) => {
      const call = this.state.call;
      if (call?.callID === callID) this.#patch({ call: { ...call, status: 'talking' } });
    });
    line.on('display', ({ callID, number }) => {
      const call = this.state.call;
      if (call?.callID === callID) this.#patch({ call: { ...call, number } });
    });
    line.on('ended', ({ callID, cause }) => {
      if (this.state.call?.callID !== callID) return;
      this.#deps.play({ action: 'stop', callID });
      this.#patch({ call: null, ended: cause, hearing: null });
    });
    line.on('audio', (audio) => {
      if (audio.callID !== this.state.call?.callID) return;
      this.#deps.play(audio);
      this.#patch({ hearing: audio.action === 'play' ? audio : null });
    });
  }

  #patch(patch: Partial<CallerPhoneState>): void {
    this.store.set({ ...this.state, ...patch });
  }
}
