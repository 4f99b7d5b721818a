// @vitest-environment jsdom
import { loadRecordedVertoSession } from '@tsunagu/contract/verto/testing/recorded-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserMedia,
  CallMedia,
  ICE_SETTLE_MS,
  iceGathered,
  MediaSetupError,
  peerConfiguration,
  type MediaEnvironment,
} from './call-media';
import { FakeMediaStream, FakePeer, FakeTrack } from './testing/fake-media';

/** Every offer FreeSWITCH 1.11.1 sent a verto client in the recordings (none has a BUNDLE group). */
const recordedOffers = loadRecordedVertoSession('verto-1001').flatMap(({ message }) => {
  const params = message.params as { sdp?: unknown } | undefined;
  return message.method === 'verto.invite' && typeof params?.sdp === 'string' ? [params.sdp] : [];
});

/** The browser's own environment, with jsdom's missing WebRTC faked (the fake applies Chrome's bundle rule). */
function browserLike(onCreate?: (peer: FakePeer) => void): MediaEnvironment & { peers: FakePeer[] } {
  const peers: FakePeer[] = [];
  vi.stubGlobal(
    'RTCPeerConnection',
    class extends FakePeer {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        peers.push(this);
        onCreate?.(this);
      }
    },
  );
  return {
    ...browserMedia,
    peers,
    getSendTracks: async () => [new FakeTrack() as unknown as MediaStreamTrack],
    play: () => ({ stop: () => undefined, setMuted: () => undefined }),
    iceGatheringTimeoutMs: 100,
  };
}

beforeEach(() => vi.stubGlobal('MediaStream', FakeMediaStream));
afterEach(() => vi.unstubAllGlobals());

describe('CallMedia against FreeSWITCH offers', () => {
  it('the recordings hold offers without a BUNDLE group or a=mid (what mod_verto sends)', () => {
    expect(recordedOffers.length).toBeGreaterThanOrEqual(3);
    for (const offer of recordedOffers) {
      expect(offer).not.toContain('a=group:BUNDLE');
      expect(offer).not.toContain('a=mid:');
    }
  });

  it('never asks for max-bundle: the browser must accept an audio-only offer without BUNDLE', () => {
    expect(peerConfiguration.bundlePolicy).not.toBe('max-bundle');
  });

  it("answers every recorded FreeSWITCH offer on the browser's own connection settings", async () => {
    const env = browserLike();
    for (const offer of recordedOffers) {
      const media = new CallMedia(env);
      const answer = await media.answer(offer);
      expect(answer).toContain('m=audio');
      media.close();
    }
    expect(env.peers).toHaveLength(recordedOffers.length);
    expect(env.peers.every((peer) => peer.configuration.bundlePolicy === 'balanced')).toBe(true);
  });
});

describe('CallMedia failures', () => {
  it('a refused offer is a MediaSetupError with a Japanese message for the user', async () => {
    const env = browserLike((peer) => {
      if (peer.id === env.peers[0]?.id) peer.failNext = 'setRemoteDescription';
    });
    const media = new CallMedia(env);
    await expect(media.answer(recordedOffers[0])).rejects.toBeInstanceOf(MediaSetupError);
    await expect(media.answer(recordedOffers[0])).resolves.toContain('m=audio');
    expect(new MediaSetupError(null).message).toBe('通話の音声を接続できませんでした。通話を終了しました。');
  });

  it('a connection that never comes up calls onFailed; a replaced one or one that was up does not', async () => {
    const env = browserLike();
    const onFailed = vi.fn();
    const media = new CallMedia(env, { onFailed });
    await media.answer(recordedOffers[0]);
    const first = env.peers[0]!;
    await media.answer(recordedOffers[1]);
    first.failConnection();
    expect(onFailed).not.toHaveBeenCalled();
    env.peers[1]!.failConnection();
    expect(onFailed).toHaveBeenCalledTimes(1);

    // Up, then its peer gone (the sandbox's parked caller until it is re-bridged): left alone.
    const parked = vi.fn();
    const up = new CallMedia(env, { onFailed: parked });
    await up.answer(recordedOffers[0]);
    env.peers.at(-1)!.connect();
    env.peers.at(-1)!.failConnection();
    expect(parked).not.toHaveBeenCalled();
  });

  it('a call closed while answering fails as it did, not as a media problem', async () => {
    let media: CallMedia | null = null;
    const env = browserLike((peer) => {
      // The user hangs up while the offer is being applied: the closed connection refuses it.
      peer.setRemoteDescription = async () => {
        media?.close();
        throw new DOMException('The RTCPeerConnection is closed', 'InvalidStateError');
      };
    });
    media = new CallMedia(env);
    const failure: unknown = await media.answer(recordedOffers[0]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DOMException);
    expect(failure).not.toBeInstanceOf(MediaSetupError);
  });
});

describe('an offer prepared while the call waits (the sandbox re-bridging a held call)', () => {
  const ANSWER = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

  it('is the next offer: its connection, made and gathered ahead, replaces the current one when asked', async () => {
    const env = browserLike();
    const media = new CallMedia(env);
    await media.answer(recordedOffers[0]);
    const current = env.peers[0]!;
    media.prepareOffer();
    media.prepareOffer();
    await vi.waitFor(() => expect(env.peers[1]?.iceGatheringState).toBe('complete'));
    // Made beside the call, which goes on meanwhile.
    expect(env.peers).toHaveLength(2);
    expect(current.closed).toBe(false);

    const sdp = await media.offer();
    expect(env.peers).toHaveLength(2);
    expect(current.closed).toBe(true);
    expect(sdp).toBe(env.peers[1]!.localDescription?.sdp);
    await media.accept(ANSWER);
    expect(env.peers[1]!.remoteDescription?.type).toBe('answer');

    // Used once: the offer after it is made when asked, on a connection of its own.
    await media.offer();
    expect(env.peers).toHaveLength(3);
    expect(env.peers[1]!.closed).toBe(true);
  });

  it('sends what the call sends when it is taken: nothing while held here', async () => {
    const env = browserLike();
    const media = new CallMedia(env);
    await media.answer(recordedOffers[0]);
    media.prepareOffer();
    await media.setHeld(true);
    await media.offer();
    expect(env.peers[1]!.senders.map((sender) => sender.track)).toEqual([null]);
  });

  it('one that failed is not used (a fresh offer is made), and ending the call closes an unused one', async () => {
    const env = browserLike((peer) => {
      if (env.peers.length === 2)
        peer.createOffer = () => Promise.reject(new DOMException('refused', 'OperationError'));
    });
    const media = new CallMedia(env);
    await media.answer(recordedOffers[0]);
    media.prepareOffer();
    const sdp = await media.offer();
    expect(env.peers).toHaveLength(3);
    expect(env.peers[1]!.closed).toBe(true);
    expect(sdp).toBe(env.peers[2]!.localDescription?.sdp);

    media.prepareOffer();
    await vi.waitFor(() => expect(env.peers[3]?.iceGatheringState).toBe('complete'));
    media.close();
    await vi.waitFor(() => expect(env.peers[3]!.closed).toBe(true));
  });
});

describe('ICE gathering', () => {
  /** A connection gathering as Chromium does on this machine: UDP host candidates first, TCP ones later. */
  class Gathering extends EventTarget {
    iceGatheringState: RTCIceGatheringState = 'gathering';
    localDescription = { type: 'offer', sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' };
    add(candidate: string) {
      this.localDescription.sdp += `a=candidate:${candidate}\r\n`;
      this.dispatchEvent(new Event('icecandidate'));
    }
    complete() {
      this.iceGatheringState = 'complete';
      this.dispatchEvent(new Event('icegatheringstatechange'));
    }
  }

  function gather(timeoutMs = 3000) {
    const pc = new Gathering();
    const state = { done: false };
    void iceGathered(pc as unknown as RTCPeerConnection, timeoutMs).then(() => (state.done = true));
    return { pc, state };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the SDP once gathering has been quiet after a UDP candidate, without waiting for the TCP ones', async () => {
    const { pc, state } = gather();
    pc.add('1 1 udp 2122260223 192.0.2.2 39217 typ host generation 0');
    await vi.advanceTimersByTimeAsync(ICE_SETTLE_MS - 1);
    expect(state.done).toBe(false);
    // Another interface's candidate restarts the quiet spell.
    pc.add('2 1 udp 2122262783 fd00::2 41934 typ host generation 0');
    await vi.advanceTimersByTimeAsync(ICE_SETTLE_MS - 1);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
  });

  it('a TCP candidate alone does not end it: completion does, or else the timeout', async () => {
    const first = gather();
    first.pc.add('3 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0');
    await vi.advanceTimersByTimeAsync(ICE_SETTLE_MS * 3);
    expect(first.state.done).toBe(false);
    first.pc.complete();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.state.done).toBe(true);

    const second = gather(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(second.state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(second.state.done).toBe(true);
  });
});
