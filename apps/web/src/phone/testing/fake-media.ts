import type { MediaEnvironment } from '../call-media';

/**
 * WebRTC stand-ins for unit tests (jsdom has none): a peer connection that makes recognisable SDP,
 * gathers ICE a tick later, raises 'track' on a remote description and reports byte counters.
 */

/** An audio track that remembers whether it was stopped or disabled. */
export class FakeTrack {
  readonly kind = 'audio';
  enabled = true;
  stopped = false;
  constructor(readonly label = 'mic') {}
  stop(): void {
    this.stopped = true;
  }
  clone(): FakeTrack {
    return new FakeTrack(`${this.label} (clone)`);
  }
  addEventListener(): void {}
}

/** jsdom's missing MediaStream: just the tracks. */
export class FakeMediaStream {
  readonly #tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.#tracks = [...tracks];
  }
  getAudioTracks(): FakeTrack[] {
    return this.#tracks;
  }
  getTracks(): FakeTrack[] {
    return this.#tracks;
  }
}

interface FakeSender {
  track: FakeTrack | null;
  replaceTrack(track: FakeTrack | null): Promise<void>;
}

let peerSerial = 0;

export class FakePeer {
  readonly id = ++peerSerial;
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  iceGatheringState: RTCIceGatheringState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;
  /** The next call of this step fails as the browser would refuse it. */
  failNext: 'setRemoteDescription' | 'createAnswer' | null = null;
  bytesReceived = 0;
  readonly senders: FakeSender[] = [];
  readonly transceivers: { direction: RTCRtpTransceiverDirection; sender: FakeSender }[] = [];
  readonly #listeners = new Map<string, Set<(event: unknown) => void>>();

  constructor(readonly configuration: RTCConfiguration = {}) {}

  addTrack(track: FakeTrack): FakeSender {
    const sender: FakeSender = {
      track,
      replaceTrack: async (next) => {
        sender.track = next;
      },
    };
    this.senders.push(sender);
    this.transceivers.push({ direction: 'sendrecv', sender });
    return sender;
  }

  addTransceiver(_kind: string, init: { direction: RTCRtpTransceiverDirection }) {
    const sender: FakeSender = { track: null, replaceTrack: async () => {} };
    this.transceivers.push({ direction: init.direction, sender });
  }

  getSenders(): FakeSender[] {
    return this.senders;
  }

  getTransceivers() {
    return this.transceivers;
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    let set = this.#listeners.get(type);
    if (!set) this.#listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: (event: unknown) => void): void {
    this.#listeners.get(type)?.delete(listener);
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return {
      type: 'offer',
      sdp: `v=0\r\no=- ${this.id} 0 IN IP4 0.0.0.0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=mid:0\r\n`,
    };
  }

  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    this.#failIf('createAnswer');
    const directions = this.transceivers.map((t) => t.direction).join(',');
    return {
      type: 'answer',
      sdp: `v=0\r\no=- ${this.id} 0 IN IP4 0.0.0.0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=${directions}\r\n`,
    };
  }

  async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    this.iceGatheringState = 'gathering';
    setTimeout(() => {
      this.iceGatheringState = 'complete';
      this.#fire('icegatheringstatechange', {});
    }, 1);
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.#failIf('setRemoteDescription');
    // Chrome's own check (as seen against FreeSWITCH): max-bundle needs a BUNDLE group in the remote SDP.
    if (this.configuration.bundlePolicy === 'max-bundle' && !/a=group:BUNDLE/.test(description.sdp ?? ''))
      throw new DOMException(
        `Failed to set remote ${description.type} sdp: max-bundle configured but session description has no BUNDLE group`,
        'InvalidAccessError',
      );
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    const track = new FakeTrack('remote');
    this.#fire('track', { track, streams: [new FakeMediaStream([track])] });
  }

  async getStats(): Promise<Map<string, Record<string, unknown>>> {
    return new Map([['in', { type: 'inbound-rtp', kind: 'audio', bytesReceived: this.bytesReceived }]]);
  }

  close(): void {
    this.closed = true;
  }

  /** The connection comes up (ICE and DTLS done). */
  connect(): void {
    this.connectionState = 'connected';
    this.#fire('connectionstatechange', {});
  }

  /** The connection fails (ICE or DTLS gave up). */
  failConnection(): void {
    this.connectionState = 'failed';
    this.#fire('connectionstatechange', {});
  }

  #failIf(step: 'setRemoteDescription' | 'createAnswer'): void {
    if (this.failNext !== step) return;
    this.failNext = null;
    throw new DOMException(`Failed to execute '${step}' on 'RTCPeerConnection'`, 'OperationError');
  }

  #fire(type: string, event: unknown): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener(event);
  }
}

/** A media environment of fakes; `peers` lists every connection made, `played` every remote stream played. */
export function fakeMedia() {
  const peers: FakePeer[] = [];
  const tracks: FakeTrack[] = [];
  const played: { stream: unknown; stopped: boolean; muted: boolean }[] = [];
  let failNext: FakePeer['failNext'] = null;
  const env: MediaEnvironment = {
    createPeer: () => {
      const peer = new FakePeer();
      peer.failNext = failNext;
      failNext = null;
      peers.push(peer);
      return peer as unknown as RTCPeerConnection;
    },
    getSendTracks: async () => {
      const track = new FakeTrack();
      tracks.push(track);
      return [track as unknown as MediaStreamTrack];
    },
    play: (stream) => {
      const entry = { stream, stopped: false, muted: false };
      played.push(entry);
      return {
        stop: () => void (entry.stopped = true),
        setMuted: (muted) => void (entry.muted = muted),
      };
    },
    iceGatheringTimeoutMs: 500,
  };
  return {
    env,
    peers,
    tracks,
    played,
    lastPeer: () => peers.at(-1) as FakePeer,
    /** The next connection made refuses this step. */
    failNextPeer: (step: NonNullable<FakePeer['failNext']>) => void (failNext = step),
  };
}
