import { describe, expect, it } from 'vitest';
import { vertoServerRequest } from './builders';
import { parseVertoFrame } from './jsonrpc';
import { parseVertoServerRequest, vertoAckResultSchema } from './messages';
import {
  sandboxAudioSchema,
  sandboxCallerLogin,
  sandboxOfferResultSchema,
  SANDBOX_CALLER_PREFIX,
  SANDBOX_OFFER_METHOD,
} from './sandbox';

describe("the sandbox's additions to verto", () => {
  it('reads sandbox.offer as a server request naming a call', () => {
    const frame = parseVertoFrame(
      JSON.stringify(vertoServerRequest(4, SANDBOX_OFFER_METHOD, { callID: 'c1' })),
    );
    expect(frame?.kind).toBe('request');
    if (frame?.kind !== 'request') return;
    expect(parseVertoServerRequest(frame)).toEqual({
      id: 4,
      method: 'sandbox.offer',
      params: { callID: 'c1' },
    });
    expect(parseVertoServerRequest({ ...frame, params: {} })).toBeUndefined();
  });

  it('takes an offer reply only with an SDP, and a bare ack still reads as an ack', () => {
    expect(sandboxOfferResultSchema.safeParse({ method: 'sandbox.offer', sdp: 'v=0' }).success).toBe(true);
    expect(sandboxOfferResultSchema.safeParse({ method: 'sandbox.offer' }).success).toBe(false);
    expect(sandboxOfferResultSchema.safeParse({ method: 'sandbox.offer', sdp: '' }).success).toBe(false);
    expect(vertoAckResultSchema.parse({ method: 'sandbox.offer' })).toEqual({ method: 'sandbox.offer' });
  });

  it('reads audio notices: play with what and where, stop with the call only', () => {
    const play = {
      action: 'play',
      callID: 'c1',
      kind: 'ivr',
      fileName: 'welcome.wav',
      url: '/api/v1/recording/playFile?fileName=welcome.wav&domainUuid=d',
      loop: false,
    };
    expect(sandboxAudioSchema.parse(play)).toEqual(play);
    expect(sandboxAudioSchema.parse({ action: 'stop', callID: 'c1' })).toEqual({
      action: 'stop',
      callID: 'c1',
    });
    expect(sandboxAudioSchema.safeParse({ ...play, kind: 'music' }).success).toBe(false);
    expect(sandboxAudioSchema.safeParse({ ...play, url: undefined }).success).toBe(false);
  });

  it('names a caller page by its number and tenant', () => {
    expect(sandboxCallerLogin('0312340001', 'demo.tsunagu.local')).toBe(
      'external:0312340001@demo.tsunagu.local',
    );
    expect(sandboxCallerLogin('1', 'd').startsWith(SANDBOX_CALLER_PREFIX)).toBe(true);
  });
});
