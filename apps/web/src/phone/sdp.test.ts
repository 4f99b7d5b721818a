import { loadRecordedVertoSession } from '@tsunagu/contract/verto/testing/recorded-session';
import { describe, expect, it } from 'vitest';
import { hasMedia, withMids } from './sdp';

/** The SDP of the first recorded frame with this method (and direction). */
function recordedSdp(session: 'verto-1001' | 'verto-1002-webrtc', method: string, dir: 'in' | 'out') {
  const frame = loadRecordedVertoSession(session).find((f) => f.dir === dir && f.message.method === method);
  const params = frame?.message.params as { sdp?: string } | undefined;
  if (!params?.sdp) throw new Error(`no recorded ${method}`);
  return params.sdp;
}

describe('withMids', () => {
  it("gives FreeSWITCH's recorded WebRTC answer the mid of the browser's bundled offer", () => {
    const offer = recordedSdp('verto-1002-webrtc', 'verto.invite', 'out');
    const answer = recordedSdp('verto-1002-webrtc', 'verto.answer', 'in');
    expect(offer).toContain('a=mid:0');
    expect(answer).not.toContain('a=mid');

    const repaired = withMids(answer, offer);
    expect(repaired.match(/a=mid:0\r\n/g)).toHaveLength(1);
    // Only a line is added: everything FreeSWITCH sent is still there, in order, with CRLF kept.
    expect(repaired.replace('a=mid:0\r\n', '')).toBe(answer);
    expect(repaired.endsWith('\r\n')).toBe(true);
    expect(repaired.split('\n').every((line) => line === '' || line.endsWith('\r'))).toBe(true);
  });

  it("numbers a recorded FreeSWITCH offer's sections by position", () => {
    const offer = recordedSdp('verto-1001', 'verto.invite', 'in');
    expect(offer).not.toContain('a=mid');
    const repaired = withMids(offer);
    expect(repaired).toMatch(/m=audio [^\r]+\r\n[\s\S]*a=mid:0\r\n$/);
  });

  it('leaves a description with mids, or without media, alone', () => {
    const offer = recordedSdp('verto-1002-webrtc', 'verto.invite', 'out');
    expect(withMids(offer)).toBe(offer);
    expect(withMids('v=0\r\ns=-\r\n')).toBe('v=0\r\ns=-\r\n');
  });

  it('repairs each section of a two-section answer from the offer at the same position', () => {
    const offer = 'v=0\nm=audio 9 x\na=mid:a\nm=video 9 x\na=mid:v\n';
    const answer = 'v=0\nm=audio 1 x\nm=video 1 x\na=mid:v\n';
    expect(withMids(answer, offer)).toBe('v=0\nm=audio 1 x\na=mid:a\nm=video 1 x\na=mid:v\n');
  });
});

describe('hasMedia', () => {
  it('is true for an SDP with an m= line, false for none, empty or missing', () => {
    expect(hasMedia(recordedSdp('verto-1001', 'verto.invite', 'in'))).toBe(true);
    expect(hasMedia('')).toBe(false);
    expect(hasMedia('v=0\r\ns=-\r\n')).toBe(false);
    expect(hasMedia(undefined)).toBe(false);
    expect(hasMedia(null)).toBe(false);
  });
});
