import { mixAudio } from './audio-mix';
import { hasMedia, withMids } from './sdp';

/**
 * One call's WebRTC side: an RTCPeerConnection (a fresh one whenever the exchange re-bridges the
 * call), the audio it sends and the element that plays what it receives. Signalling is not done
 * here: this class turns SDP into SDP, and verto carries it.
 */

/** A connection with its complete offer, made before it is asked for. */
interface PreparedOffer {
  pc: RTCPeerConnection;
  sdp: string;
}

/** What a call needs from the browser; replaced in tests. */
export interface MediaEnvironment {
  createPeer(): RTCPeerConnection;
  /** The audio this call sends (the microphone, or a mix for a listen-in). */
  getSendTracks(): Promise<MediaStreamTrack[]>;
  /** Plays a remote stream; returns the function that stops it. */
  play(stream: MediaStream): { stop(): void; setMuted(muted: boolean): void };
  /** How long to wait for ICE gathering before sending what was gathered. */
  iceGatheringTimeoutMs: number;
}

/** Thrown when the microphone cannot be used; the message is for the user. */
export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  constructor(cause: unknown) {
    super('マイクを使用できません。ブラウザのマイクの使用許可を確認してください。', { cause });
  }
}

/**
 * Thrown when the browser cannot set up a call's audio with the far end's SDP (an offer or answer
 * it refuses, no answer made); the message is for the user. The call cannot go on: it is hung up.
 */
export class MediaSetupError extends Error {
  override readonly name = 'MediaSetupError';
  constructor(cause: unknown) {
    super('通話の音声を接続できませんでした。通話を終了しました。', { cause });
  }
}

/** The browser's microphone, as MicrophoneError when refused or missing. */
export async function microphoneTracks(): Promise<MediaStreamTrack[]> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    return stream.getAudioTracks();
  } catch (error) {
    throw new MicrophoneError(error);
  }
}

/** Plays a remote stream through an audio element that is not in the page. */
export function playStream(stream: MediaStream): { stop(): void; setMuted(muted: boolean): void } {
  const audio = new Audio();
  audio.autoplay = true;
  audio.srcObject = stream;
  audio.play().catch(() => {
    // Autoplay refused before any user gesture: the call still runs, and a later gesture plays it.
  });
  return {
    stop() {
      audio.pause();
      audio.srcObject = null;
    },
    setMuted(muted) {
      audio.muted = muted;
    },
  };
}

/**
 * The peer connection's settings: no ICE servers (the exchange is reached directly) and the
 * 'balanced' bundle policy. Never 'max-bundle': mod_verto's audio-only offer has no BUNDLE group,
 * and Chrome refuses such an offer under max-bundle ("max-bundle configured but session description
 * has no BUNDLE group"), so no call from FreeSWITCH could be answered.
 */
export const peerConfiguration: RTCConfiguration = { iceServers: [], bundlePolicy: 'balanced' };

/** The browser's own environment: its RTCPeerConnection, the microphone. */
export const browserMedia: MediaEnvironment = {
  createPeer: () => new RTCPeerConnection(peerConfiguration),
  getSendTracks: microphoneTracks,
  play: playStream,
  iceGatheringTimeoutMs: 3000,
};

/** How long gathering may stay quiet after a UDP candidate before the SDP goes out with what it has. */
export const ICE_SETTLE_MS = 30;

/** A UDP candidate in an SDP (`a=candidate:<foundation> <component> udp …`). */
const UDP_CANDIDATE = /^a=candidate:\S+ \d+ udp /im;

/**
 * Resolves once ICE gathering is complete, once it has been quiet for `settleMs` after a UDP candidate,
 * or after the timeout with whatever was gathered. Chromium adds its TCP candidates about 100 ms after
 * the UDP ones; neither FreeSWITCH nor the sandbox's browser peers use ICE over TCP, and the wait came
 * twice in every re-bridge (a transfer, a retrieved park).
 */
export function iceGathered(
  pc: RTCPeerConnection,
  timeoutMs: number,
  settleMs = ICE_SETTLE_MS,
): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    let settled: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(settled);
      pc.removeEventListener('icegatheringstatechange', check);
      pc.removeEventListener('icecandidate', settle);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const settle = () => {
      clearTimeout(settled);
      if (UDP_CANDIDATE.test(pc.localDescription?.sdp ?? '')) settled = setTimeout(done, settleMs);
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check);
    pc.addEventListener('icecandidate', settle);
    settle();
  });
}

export class CallMedia {
  readonly #env: MediaEnvironment;
  #pc: RTCPeerConnection | null = null;
  #tracks: MediaStreamTrack[] | null = null;
  #player: ReturnType<MediaEnvironment['play']> | null = null;
  #remote: MediaStream | null = null;
  #localOffer: string | null = null;
  /** The next offer, made ahead on its own connection while the call waits to be re-bridged. */
  #prepared: Promise<PreparedOffer | null> | null = null;
  /** What is sent instead of the bare microphone: the microphone mixed with other calls' audio. */
  #mixed: MediaStreamTrack | null = null;
  #held = false;
  #muted = false;
  #closed = false;
  /** Send only (a listen-in): what comes back is not played. */
  readonly #sendOnly: boolean;
  readonly #onFailed: (() => void) | undefined;
  readonly #onRemote: (() => void) | undefined;

  /**
   * `onFailed`: the connection never came up (ICE or DTLS gave up): the call has no audio. A connection
   * that was up and fails later is left alone: the sandbox's parked caller keeps its old connection to
   * a peer that has gone until the call is re-bridged, and FreeSWITCH ends calls whose media stops itself.
   * `onRemote`: what the far end sends arrived (again, after a re-bridge).
   */
  constructor(
    env: MediaEnvironment,
    options: { sendOnly?: boolean; onFailed?: () => void; onRemote?: () => void } = {},
  ) {
    this.#env = env;
    this.#sendOnly = options.sendOnly ?? false;
    this.#onFailed = options.onFailed;
    this.#onRemote = options.onRemote;
  }

  /** What the far end sends, once it arrived. */
  get remoteStream(): MediaStream | null {
    return this.#remote;
  }

  /** The audio this call sends (for a listen-in of this call). */
  get sendTracks(): readonly MediaStreamTrack[] {
    return this.#tracks ?? [];
  }

  /**
   * A complete (non-trickle) offer on a fresh connection: the prepared one if there is one, whose
   * connection then replaces the current one.
   */
  async offer(): Promise<string> {
    const prepared = await this.#takePrepared();
    if (prepared) {
      this.#closePeer();
      this.#pc = prepared.pc;
      await this.#applySending();
      this.#localOffer = prepared.sdp;
      return prepared.sdp;
    }
    const pc = await this.#freshPeer();
    const sdp = await this.#setUp(pc, async () => {
      await pc.setLocalDescription(await pc.createOffer());
      return this.#gathered(pc);
    });
    this.#localOffer = sdp;
    return sdp;
  }

  /**
   * Makes the next offer now, on a connection of its own, while the current one goes on: a call the
   * sandbox holds is re-bridged with a fresh offer from here (a completed transfer), and a new
   * connection with its ICE gathering takes 40 ms on an idle machine, hundreds under load.
   * Renegotiating the current connection instead would not do: without an ICE restart Chromium keeps
   * to the pair of the peer going away and the new one is heard 3–5 s later; with one, it gathers
   * again. An unused offer stays valid (its candidates too, measured after 100 s) until the call ends.
   */
  prepareOffer(): void {
    if (this.#closed || this.#prepared || this.#sendOnly) return;
    this.#prepared = this.#offerOnNewPeer().catch(() => null);
  }

  async #offerOnNewPeer(): Promise<PreparedOffer> {
    const pc = await this.#newPeer();
    try {
      await pc.setLocalDescription(await pc.createOffer());
      return { pc, sdp: await this.#gathered(pc) };
    } catch (error) {
      pc.close();
      throw error;
    }
  }

  /** The prepared offer, once ready (null if none or it failed); it is used once. */
  async #takePrepared(): Promise<PreparedOffer | null> {
    const prepared = await this.#prepared;
    this.#prepared = null;
    if (!prepared || this.#closed) {
      prepared?.pc.close();
      return null;
    }
    return prepared;
  }

  /** Applies the far end's answer to our offer (MediaSetupError if refused); an answer without media leaves the call silent. */
  async accept(answer: string | null | undefined): Promise<void> {
    const pc = this.#pc;
    if (!pc || !hasMedia(answer) || pc.signalingState !== 'have-local-offer') return;
    const localOffer = this.#localOffer;
    await this.#setUp(pc, () =>
      pc.setRemoteDescription({ type: 'answer', sdp: withMids(answer, localOffer) }),
    );
  }

  /**
   * Answers an offer on a fresh connection; '' when the offer has no media (the call is up without
   * audio). MediaSetupError when the browser refuses the offer or cannot answer it.
   */
  async answer(offer: string | null | undefined): Promise<string> {
    if (!hasMedia(offer)) {
      this.#closePeer();
      return '';
    }
    const pc = await this.#freshPeer();
    return this.#setUp(pc, async () => {
      await pc.setRemoteDescription({ type: 'offer', sdp: withMids(offer) });
      if (this.#sendOnly) for (const t of pc.getTransceivers()) t.direction = 'sendonly';
      await pc.setLocalDescription(await pc.createAnswer());
      return this.#gathered(pc);
    });
  }

  /** Hold: stop sending (and hearing) locally; the exchange is told separately. */
  async setHeld(held: boolean): Promise<void> {
    this.#held = held;
    await this.#applySending();
    this.#player?.setMuted(held);
  }

  /**
   * Sends these streams too, mixed with the microphone (a three-way call: the other party's audio, so
   * that both far ends hear each other); an empty list goes back to the microphone alone. Muting still
   * silences the microphone only.
   */
  async mixIn(streams: readonly MediaStream[]): Promise<void> {
    this.#mixed?.stop();
    this.#mixed = null;
    if (streams.length > 0 && this.#tracks) this.#mixed = (await mixAudio(this.#tracks, streams))[0] ?? null;
    if (this.#closed) this.#mixed?.stop();
    else await this.#applySending();
  }

  /** Mute: the microphone sends silence. */
  setMuted(muted: boolean): void {
    this.#muted = muted;
    for (const track of this.#tracks ?? []) track.enabled = !muted;
  }

  /** Bytes of audio received so far on the current connection (inbound-rtp). */
  async bytesReceived(): Promise<number> {
    return this.#sumStats('inbound-rtp', 'bytesReceived');
  }

  /** Bytes of audio sent so far on the current connection (outbound-rtp). */
  async bytesSent(): Promise<number> {
    return this.#sumStats('outbound-rtp', 'bytesSent');
  }

  /** Ends the media: the connection, the microphone and the playback. */
  close(): void {
    this.#closed = true;
    this.#closePeer();
    this.#mixed?.stop();
    this.#mixed = null;
    for (const track of this.#tracks ?? []) track.stop();
    this.#tracks = null;
    void this.#prepared?.then((prepared) => prepared?.pc.close());
    this.#prepared = null;
  }

  async #freshPeer(): Promise<RTCPeerConnection> {
    this.#closePeer();
    const pc = await this.#newPeer();
    this.#pc = pc;
    await this.#applySending();
    return pc;
  }

  /** A connection sending our audio and playing what comes back once it is the current one. */
  async #newPeer(): Promise<RTCPeerConnection> {
    this.#tracks ??= await this.#env.getSendTracks();
    if (this.#closed) throw new Error('call media closed');
    this.setMuted(this.#muted);
    const pc = this.#env.createPeer();
    const stream = new MediaStream(this.#tracks);
    for (const track of this.#tracks) pc.addTrack(track, stream);
    if (this.#tracks.length === 0) pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addEventListener('track', (event) => {
      if (pc !== this.#pc || this.#sendOnly) return;
      this.#remote = event.streams[0] ?? new MediaStream([event.track]);
      this.#player?.stop();
      this.#player = this.#env.play(this.#remote);
      this.#player.setMuted(this.#held);
      this.#onRemote?.();
    });
    let connected = false;
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'connected') connected = true;
      else if (pc === this.#pc && pc.connectionState === 'failed' && !connected) this.#onFailed?.();
    });
    return pc;
  }

  async #gathered(pc: RTCPeerConnection): Promise<string> {
    // Non-trickle: verto sends one SDP with every candidate in it, so gathering must finish first.
    await iceGathered(pc, this.#env.iceGatheringTimeoutMs);
    const sdp = pc.localDescription?.sdp;
    if (!sdp) throw new Error('no local description');
    return sdp;
  }

  async #applySending(): Promise<void> {
    const pc = this.#pc;
    if (!pc) return;
    const track = this.#held ? null : (this.#mixed ?? this.#tracks?.[0] ?? null);
    await Promise.all(
      pc
        .getSenders()
        .filter((sender) => sender.track !== track && (sender.track?.kind ?? 'audio') === 'audio')
        .map((sender) => sender.replaceTrack(track)),
    );
  }

  /**
   * Runs one step of the SDP exchange on `pc`: the browser's refusal becomes a MediaSetupError. A
   * connection closed or replaced meanwhile (the call ended, a re-bridge) fails as it did, unexplained.
   */
  async #setUp<T>(pc: RTCPeerConnection, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (this.#closed || pc !== this.#pc) throw error;
      throw new MediaSetupError(error);
    }
  }

  #closePeer(): void {
    this.#player?.stop();
    this.#player = null;
    this.#remote = null;
    this.#pc?.close();
    this.#pc = null;
    this.#localOffer = null;
  }

  async #sumStats(
    type: 'inbound-rtp' | 'outbound-rtp',
    field: 'bytesReceived' | 'bytesSent',
  ): Promise<number> {
    const pc = this.#pc;
    if (!pc) return 0;
    let total = 0;
    (await pc.getStats()).forEach((report: Record<string, unknown>) => {
      if (report.type === type && typeof report[field] === 'number') total += report[field];
    });
    return total;
  }
}
