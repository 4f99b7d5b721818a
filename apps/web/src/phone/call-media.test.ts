// @vitest-environment jsdom
import { loadRecordedVertoSession } from '@tsunagu/contract/verto/testing/recorded-session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserMedia,
  CallMedia,
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
