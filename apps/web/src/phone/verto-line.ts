import {
  SANDBOX_AUDIO_CHANNEL,
  SANDBOX_MONITOR_VARIABLE,
  sandboxAudioSchema,
  type SandboxAudio,
  type VertoHangupCause,
} from '@tsunagu/contract/verto/index';
import { SANDBOX_RECORD_CHANNEL, sandboxRecordSchema } from '@tsunagu/contract/verto/sandbox';
import { mixAudio } from './audio-mix';
import { CallMedia, MediaSetupError, type MediaEnvironment } from './call-media';
import type { VertoClient, VertoConnectionState, VertoIncomingCall } from './verto-client';
import { base64Of, VoicemailRecorder } from './voicemail-recorder';

/**
 * The calls of one verto login with their media: what the softphone and the caller page share.
 * It answers the exchange's media requests by itself — a fresh offer for a live call (sandbox.offer),
 * a re-offered call (verto.attach: a new connection answers it), a listen-in (sandbox_monitor) — and
 * reports the calls' life as events.
 */

/** The far end of a call. */
export interface Party {
  name: string;
  number: string;
}

/** One call on the line. */
export interface LineCall {
  readonly callID: string;
  readonly direction: 'inbound' | 'outbound';
  remote: Party;
  /** The offer of a call ringing here, until it is answered. */
  offer: string | null;
  media: CallMedia | null;
  answered: boolean;
}

export interface VertoLineEvents {
  /** A call rings here. */
  ringing: LineCall;
  /** A call is up: answered by either side, or taken off hold (`resumed`). */
  active: { callID: string; resumed: boolean };
  held: { callID: string };
  /**
   * The browser could not set up (or lost) a call's audio after the exchange sent its SDP: the call
   * is hung up here (verto.bye with the cause) and `ended` follows. The error's message is for the user.
   */
  mediaFailed: { callID: string; error: MediaSetupError };
  /**
   * A call ended (the exchange's verto.bye, our own hang-up, or the connection lost it); `byExchange`:
   * the exchange ended it, with its cause.
   */
  ended: { callID: string; cause: string; byExchange: boolean };
  /** The exchange sends audio of a call we placed before it is answered (verto.media). */
  earlyMedia: { callID: string };
  /** A live call came back to this login (after a reconnect). */
  recovering: LineCall;
  display: { callID: string } & Party;
  /** What the exchange says a call would be hearing (sandbox only). */
  audio: SandboxAudio;
}

type Listener<K extends keyof VertoLineEvents> = (payload: VertoLineEvents[K]) => void;

/** Who this login calls as. */
export interface LineIdentity {
  callerIdName: string;
  callerIdNumber: string;
}

export class VertoLine {
  readonly #client: VertoClient;
  readonly #env: MediaEnvironment;
  readonly #identity: LineIdentity;
  readonly #calls = new Map<string, LineCall>();
  /** Voicemail messages this page records for the sandbox, by call. */
  readonly #recorders = new Map<string, VoicemailRecorder>();
  /** Listen-ins this browser serves: callID → the media sending the monitored call's audio. */
  readonly #taps = new Map<string, CallMedia>();
  /** Calls re-offered (verto.attach) since the socket last dropped. */
  readonly #attachedSinceLogin = new Set<string>();
  /** The two calls of a three-way call, each sending the other's audio mixed with ours. */
  #conference: readonly [string, string] | null = null;
  readonly #listeners = new Map<keyof VertoLineEvents, Set<(payload: never) => void>>();
  readonly #unsubscribe: (() => void)[];
  #disposed = false;

  constructor(client: VertoClient, env: MediaEnvironment, identity: LineIdentity) {
    this.#client = client;
    this.#env = env;
    this.#identity = identity;
    client.setOfferProvider((callID) => this.#freshOffer(callID));
    this.#unsubscribe = [
      client.on('invite', (call) => this.#ringing(call)),
      client.on('attach', (call) => void this.#attached(call)),
      client.on('answer', ({ callID, sdp }) => void this.#answered(callID, sdp)),
      client.on('media', ({ callID, sdp }) => void this.#earlyMedia(callID, sdp)),
      client.on('bye', ({ callID, cause }) => this.#end(callID, cause, true)),
      client.on('display', (d) => this.#display(d.callID, d.display_name, d.display_number)),
      client.on('event', ({ eventChannel, data }) => {
        if (eventChannel === SANDBOX_RECORD_CHANNEL) return this.#record(data);
        if (eventChannel !== SANDBOX_AUDIO_CHANNEL) return;
        const audio = sandboxAudioSchema.safeParse(data);
        if (!audio.success) return;
        this.#prepareReoffer(audio.data);
        this.#emit('audio', audio.data);
      }),
      client.on('ready', ({ reattachedSessions }) => this.#dropLost(new Set(reattachedSessions))),
      client.on('state', (state) => this.#connection(state)),
    ];
  }

  /** The verto client underneath. */
  get client(): VertoClient {
    return this.#client;
  }

  /** A call by id. */
  call(callID: string): LineCall | undefined {
    return this.#calls.get(callID);
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof VertoLineEvents>(type: K, listener: Listener<K>): () => void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Places a call with our microphone; resolves with its callID once the exchange created it. */
  async dial(destination: string, callID: string = crypto.randomUUID()): Promise<string> {
    const media = this.#media(callID);
    const call: LineCall = {
      callID,
      direction: 'outbound',
      remote: { name: '', number: destination },
      offer: null,
      media,
      answered: false,
    };
    // Known before the invite leaves: the answer may follow its reply at once.
    this.#calls.set(callID, call);
    try {
      const sdp = await media.offer();
      await this.#client.invite({ destination, ...this.#identity, sdp, callID });
    } catch (error) {
      this.#forget(callID);
      throw error;
    }
    return callID;
  }

  /** Answers a ringing call with our microphone (without media when the caller has none). */
  async answer(callID: string): Promise<void> {
    const call = this.#calls.get(callID);
    // Media is set before the first await: a second click while answering does nothing.
    if (!call || call.answered || call.media) return;
    const media = this.#media(callID);
    call.media = media;
    try {
      const sdp = await media.answer(call.offer);
      await this.#client.answer(callID, sdp);
    } catch (error) {
      // Answered elsewhere meanwhile, or the microphone was refused: the call is not ours.
      if (call.media === media) call.media = null;
      media.close();
      // The browser refused the offer: the call ends, or the caller would ring on until NO_ANSWER.
      if (error instanceof MediaSetupError) {
        await this.#hangUpFailed(callID, 'INCOMPATIBLE_DESTINATION');
        this.#end(callID, 'INCOMPATIBLE_DESTINATION');
      }
      throw error;
    }
    call.offer = null;
    this.#markActive(call);
  }

  /** Hangs up a call (rejects it with CALL_REJECTED while it rings); it ends here whatever the exchange says. */
  async hangup(callID: string, cause?: VertoHangupCause): Promise<void> {
    const call = this.#calls.get(callID);
    if (!call) return;
    const reason =
      cause ?? (call.answered || call.direction === 'outbound' ? 'NORMAL_CLEARING' : 'CALL_REJECTED');
    // The end of a voicemail message goes out before the hang-up, on the same socket.
    this.#stopRecording(callID);
    try {
      await this.#client.bye(callID, reason);
    } finally {
      this.#end(callID, reason);
    }
  }

  /** The sandbox's voicemail box asks this page to record what its user says on a call it placed. */
  #record(data: unknown): void {
    const request = sandboxRecordSchema.safeParse(data);
    if (!request.success) return;
    const { callID, sampleRate } = request.data;
    const tracks = this.#calls.get(callID)?.media?.sendTracks ?? [];
    if (tracks.length === 0 || this.#recorders.has(callID)) return;
    try {
      const recorder = new VoicemailRecorder(tracks, sampleRate, (pcm) =>
        this.#client.sendVoicemailPiece(callID, base64Of(pcm)),
      );
      this.#recorders.set(callID, recorder);
    } catch {
      // No audio processing in this browser: the box keeps no message, as for a caller who said nothing.
    }
  }

  #stopRecording(callID: string): void {
    this.#recorders.get(callID)?.stop();
    this.#recorders.delete(callID);
  }

  /** Holds a call: this browser stops sending, then the exchange is told (it plays hold music to the far end). */
  async hold(callID: string): Promise<void> {
    const call = this.#calls.get(callID);
    if (!call) return;
    await call.media?.setHeld(true);
    try {
      const state = await this.#client.hold(callID);
      if (state !== 'held') throw new Error(`hold refused: ${state}`);
    } catch (error) {
      await call.media?.setHeld(false);
      throw error;
    }
    this.#emit('held', { callID });
  }

  /** Takes a call off hold. */
  async unhold(callID: string): Promise<void> {
    const call = this.#calls.get(callID);
    if (!call) return;
    await this.#client.unhold(callID);
    await call.media?.setHeld(false);
    this.#emit('active', { callID, resumed: true });
  }

  /** Mutes or unmutes our microphone on a call. */
  setMuted(callID: string, muted: boolean): void {
    this.#calls.get(callID)?.media?.setMuted(muted);
  }

  /** Sends DTMF digits (verto.info). */
  async dtmf(callID: string, digits: string): Promise<void> {
    await this.#client.dtmf(callID, digits);
  }

  /** Blind transfer of the far end (a park slot too: 'park+5903'); our side then ends. */
  async transfer(callID: string, destination: string): Promise<void> {
    await this.#client.transfer(callID, destination);
  }

  /**
   * Attended transfer: the far end of `callID` (the caller on hold) and that of `otherID` (the colleague
   * consulted) are bridged to each other by the exchange; our two calls then end here.
   */
  async replace(callID: string, otherID: string): Promise<void> {
    // FreeSWITCH 1.11.1 bridges the two far ends (uuid_bridge) unless the replaced call (replaceCallID) is
    // still CF_ORIGINATOR — placed here and its originate not returned: still ringing, or, recorded without
    // DTLS, never answered on our side — when it parks the other far end and hangs up this one's
    // (fixtures/freeswitch/verto/conference-*). With media up, replacing a placed call joins them too,
    // two placed calls included (verto/three-way-media-*). A received call is never CF_ORIGINATOR, so it
    // is the one replaced when there is one.
    const placedFirst = this.#calls.get(otherID)?.direction === 'outbound';
    const swap = placedFirst && this.#calls.get(callID)?.direction === 'inbound';
    await this.#client.replace(swap ? otherID : callID, swap ? callID : otherID);
    // The exchange hangs both of our legs up (FreeSWITCH the consultation after a moment); nothing of
    // them is left to wait for.
    for (const id of [callID, otherID]) await this.hangup(id).catch(() => undefined);
  }

  /**
   * A three-way call of two calls that are up: each far end hears the other as well as us, mixed in
   * this browser, so the exchange needs nothing of its own (FreeSWITCH or the sandbox alike). Leaving
   * it is an attended transfer (replace): the other two stay connected.
   */
  async conference(callID: string, otherID: string): Promise<void> {
    this.#conference = [callID, otherID];
    await this.#mixConference();
  }

  /** Each call of the three-way call sends the other's audio with ours (once it arrived). */
  async #mixConference(): Promise<void> {
    const pair = this.#conference;
    if (!pair) return;
    const [a, b] = pair.map((id) => this.#calls.get(id)?.media ?? null);
    await a?.mixIn(b?.remoteStream ? [b.remoteStream] : []);
    await b?.mixIn(a?.remoteStream ? [a.remoteStream] : []);
  }

  /** Ends every call locally and stops listening to the client (the client itself is not closed). */
  dispose(): void {
    this.#disposed = true;
    for (const callID of [...this.#calls.keys()]) this.#end(callID, 'NORMAL_CLEARING');
    for (const media of this.#taps.values()) media.close();
    this.#taps.clear();
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#client.setOfferProvider(null);
    this.#listeners.clear();
  }

  // ── exchange → us ─────────────────────────────────────────────────────────────────────────

  #ringing(invite: VertoIncomingCall): void {
    if (this.#calls.has(invite.callID)) return;
    const call: LineCall = {
      callID: invite.callID,
      direction: 'inbound',
      remote: { name: invite.remote_caller_id_name, number: invite.remote_caller_id_number },
      offer: invite.sdp,
      media: null,
      answered: false,
    };
    this.#calls.set(call.callID, call);
    this.#emit('ringing', call);
  }

  async #answered(callID: string, sdp: string | undefined): Promise<void> {
    const call = this.#calls.get(callID);
    if (!call) return;
    // A refused answer ends the call: it is never shown as connected without audio.
    if (!(await this.#accept(callID, sdp))) return;
    if (!call.answered) this.#markActive(call);
  }

  /** Applies the far end's answer (verto.answer, verto.media); false when the call ended over it. */
  async #accept(callID: string, sdp: string | undefined): Promise<boolean> {
    const media = this.#calls.get(callID)?.media;
    try {
      await media?.accept(sdp);
      return this.#calls.has(callID);
    } catch (error) {
      if (error instanceof MediaSetupError) this.#mediaFailed(callID, error, 'INCOMPATIBLE_DESTINATION');
      else console.error('softphone: the answer could not be applied', error);
      return false;
    }
  }

  /** Tells the user, hangs the call up with the cause and ends it here. */
  #mediaFailed(callID: string, error: MediaSetupError, cause: VertoHangupCause): void {
    if (!this.#calls.has(callID)) return;
    this.#emit('mediaFailed', { callID, error });
    void this.#hangUpFailed(callID, cause).finally(() => this.#end(callID, cause));
  }

  /** verto.bye for a call whose media failed; a refused or lost bye changes nothing (the call ends here anyway). */
  async #hangUpFailed(callID: string, cause: VertoHangupCause): Promise<void> {
    try {
      await this.#client.bye(callID, cause);
    } catch (error) {
      console.error('softphone: the hang-up after a media failure was not acknowledged', error);
    }
  }

  /**
   * A call's media; a connection that fails later (ICE, DTLS) hangs the call up. A far end's audio
   * arriving anew (a re-bridge) is mixed again when the call is in a three-way call.
   */
  #media(callID: string): CallMedia {
    return new CallMedia(this.#env, {
      onFailed: () => this.#mediaFailed(callID, new MediaSetupError('connection failed'), 'MEDIA_TIMEOUT'),
      onRemote: () => {
        if (this.#conference?.includes(callID)) void this.#mixConference();
      },
    });
  }

  /**
   * The exchange re-offers a call: verto.attach after a reconnect (FreeSWITCH), or the sandbox
   * re-bridging a live call (a retrieved park) or opening a listen-in. The old connection is
   * dropped, a fresh one answers, and the answer goes back in a client verto.attach.
   */
  async #attached(attach: VertoIncomingCall): Promise<void> {
    const monitored = attach.variables?.[SANDBOX_MONITOR_VARIABLE];
    if (monitored !== undefined) return this.#listenIn(attach.callID, attach.sdp, monitored);
    this.#attachedSinceLogin.add(attach.callID);
    let call = this.#calls.get(attach.callID);
    const recovering = !call;
    if (!call) {
      call = {
        callID: attach.callID,
        direction: 'inbound',
        remote: { name: attach.remote_caller_id_name, number: attach.remote_caller_id_number },
        offer: null,
        media: null,
        answered: true,
      };
      this.#calls.set(call.callID, call);
    }
    call.media ??= this.#media(call.callID);
    try {
      await this.#client.attach(call.callID, await call.media.answer(attach.sdp));
    } catch (error) {
      if (error instanceof MediaSetupError) this.#mediaFailed(call.callID, error, 'INCOMPATIBLE_DESTINATION');
      else if (!this.#disposed) console.error('softphone: a re-offered call could not be answered', error);
      return;
    }
    if (recovering) this.#emit('recovering', call);
    else if (!call.answered) this.#markActive(call);
  }

  /** A listen-in: answered send-only with both sides of the monitored call, never shown as a call. */
  async #listenIn(callID: string, offer: string, monitoredID: string): Promise<void> {
    const source = this.#calls.get(monitoredID)?.media;
    const env: MediaEnvironment = {
      ...this.#env,
      getSendTracks: () =>
        mixAudio(source?.sendTracks ?? [], source?.remoteStream ? [source.remoteStream] : []),
    };
    const media = new CallMedia(env, { sendOnly: true });
    this.#taps.set(callID, media);
    try {
      await this.#client.attach(callID, await media.answer(offer));
    } catch (error) {
      if (!this.#disposed) console.error('softphone: a listen-in could not be answered', error);
      this.#taps.delete(callID);
      media.close();
    }
  }

  /**
   * A call the far end holds in the sandbox is usually re-bridged next with a fresh offer from here
   * (sandbox.offer: the held caller of a completed attended transfer, or of a blind one): it is made
   * now, while nobody waits for it. A parked call is not: the one retrieving it offers.
   */
  #prepareReoffer(audio: SandboxAudio): void {
    if (audio.action === 'play' && audio.kind === 'hold')
      this.#calls.get(audio.callID)?.media?.prepareOffer();
  }

  /**
   * sandbox.offer: a fresh offer for a live call, on a new connection (made ahead if the call was held);
   * its answer comes as verto.answer.
   */
  async #freshOffer(callID: string): Promise<string> {
    const call = this.#calls.get(callID);
    if (!call) throw new Error(`no call ${callID}`);
    call.media ??= this.#media(callID);
    return call.media.offer();
  }

  #display(callID: string, name: string | undefined, number: string | undefined): void {
    const call = this.#calls.get(callID);
    if (!call) return;
    call.remote = { name: name ?? call.remote.name, number: number ?? call.remote.number };
    this.#emit('display', { callID, ...call.remote });
  }

  #markActive(call: LineCall): void {
    call.answered = true;
    this.#emit('active', { callID: call.callID, resumed: false });
  }

  /**
   * After every login: calls the exchange did not re-attach are gone (FreeSWITCH hangs up unanswered
   * ones on a drop, the sandbox all of them). Its verto.attach frames come before clientReady.
   */
  #dropLost(listed: ReadonlySet<string>): void {
    for (const call of [...this.#calls.values()]) {
      if (!listed.has(call.callID) && !this.#attachedSinceLogin.has(call.callID))
        this.#end(call.callID, 'NORMAL_CLEARING');
    }
    this.#attachedSinceLogin.clear();
  }

  #connection(state: VertoConnectionState): void {
    if (state === 'reconnecting') this.#attachedSinceLogin.clear();
    if (state === 'closed')
      for (const callID of [...this.#calls.keys()]) this.#end(callID, 'NORMAL_CLEARING');
  }

  async #earlyMedia(callID: string, sdp: string | undefined): Promise<void> {
    if (!(await this.#accept(callID, sdp))) return;
    const call = this.#calls.get(callID);
    if (call && !call.answered) this.#emit('earlyMedia', { callID });
  }

  #end(callID: string, cause: string, byExchange = false): void {
    this.#stopRecording(callID);
    const tap = this.#taps.get(callID);
    if (tap) {
      tap.close();
      this.#taps.delete(callID);
      return;
    }
    if (!this.#forget(callID)) return;
    // The other party of a three-way call goes on hearing us alone.
    if (this.#conference?.includes(callID)) {
      const other = this.#conference.find((id) => id !== callID);
      this.#conference = null;
      void this.#calls.get(other ?? '')?.media?.mixIn([]);
    }
    this.#emit('ended', { callID, cause, byExchange });
  }

  #forget(callID: string): boolean {
    const call = this.#calls.get(callID);
    if (!call) return false;
    call.media?.close();
    this.#calls.delete(callID);
    return true;
  }

  #emit<K extends keyof VertoLineEvents>(type: K, payload: VertoLineEvents[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) (listener as Listener<K>)(payload);
  }
}
