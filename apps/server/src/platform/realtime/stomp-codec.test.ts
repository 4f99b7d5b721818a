import { describe, expect, it } from 'vitest';
import { negotiateHeartbeat } from './heart-beat';
import { createStompParser, serializeFrame, StompParseError, type StompLimits } from './stomp-codec';

const parseAll = (chunks: (string | Uint8Array)[], limits?: StompLimits) => {
  const parser = createStompParser(limits);
  return chunks.flatMap((chunk) => [...parser.feed(chunk)]);
};

const simple = (frames: ReturnType<typeof parseAll>) =>
  frames.map((f) => ({ command: f.command, headers: { ...f.headers }, body: f.body.toString('utf8') }));

describe('serializeFrame', () => {
  it('writes command, headers, blank line, body, NUL and adds content-length in bytes', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { destination: '/topic/a' }, body: '日本' })).toBe(
      'MESSAGE\ndestination:/topic/a\ncontent-length:6\n\n日本\0',
    );
    expect(serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': 7, skipped: undefined } })).toBe(
      'RECEIPT\nreceipt-id:7\n\n\0',
    );
  });

  it('escapes backslash, CR, LF and colon in header names and values', () => {
    expect(serializeFrame({ command: 'ERROR', headers: { 'a:b': 'x\\y\r\nz:w' } })).toBe(
      'ERROR\na\\cb:x\\\\y\\r\\nz\\cw\n\n\0',
    );
  });

  it('leaves CONNECT and CONNECTED headers unescaped', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { server: 'a:b' } })).toBe(
      'CONNECTED\nserver:a:b\n\n\0',
    );
  });
});

describe('createStompParser', () => {
  it('round-trips escaped headers through the serializer', () => {
    const value = 'line1\nline2\r:colon\\back';
    const [frame] = parseAll([
      serializeFrame({ command: 'SEND', headers: { destination: '/q', note: value } }),
    ]);
    expect(frame?.headers).toEqual({ destination: '/q', note: value });
  });

  it('takes CONNECT headers literally: colons in the value and backslashes are not escapes', () => {
    const [frame] = parseAll(['CONNECT\nlogin:u1\npasscode:pa:ss\\cword\n\n\0']);
    expect(frame?.headers).toEqual({ login: 'u1', passcode: 'pa:ss\\cword' });
  });

  it('refuses an undefined escape sequence', () => {
    expect(() => parseAll(['SEND\ndestination:a\\tb\n\n\0'])).toThrow(StompParseError);
    expect(() => parseAll(['SEND\ndestination:ab\\\n\n\0'])).toThrow(StompParseError);
  });

  it('keeps the first of repeated headers', () => {
    const [frame] = parseAll(['MESSAGE\nfoo:first\nfoo:second\n\n\0']);
    expect(frame?.headers.foo).toBe('first');
  });

  it('skips LF and CRLF heart-beats before, between and after frames', () => {
    const frames = parseAll([
      '\n\r\n\nSEND\r\ndestination:/a\r\n\r\nx\0\n\r\n\nSEND\ndestination:/b\n\ny\0\r\n',
    ]);
    expect(simple(frames)).toEqual([
      { command: 'SEND', headers: { destination: '/a' }, body: 'x' },
      { command: 'SEND', headers: { destination: '/b' }, body: 'y' },
    ]);
  });

  it('waits for the LF of a CRLF heart-beat split across chunks, and refuses a CR alone', () => {
    const parser = createStompParser();
    expect([...parser.feed('\r')]).toEqual([]);
    expect([...parser.feed('\nSEND\n\n\0')]).toHaveLength(1);
    expect(() => parseAll(['\rSEND\n\n\0'])).toThrow(/LF/);
  });

  it('reads a body by content-length, NUL bytes included', () => {
    const body = Buffer.from([0x61, 0x00, 0x62, 0x00]);
    const wire = Buffer.concat([
      Buffer.from('SEND\ndestination:/a\ncontent-length:4\n\n'),
      body,
      Buffer.from([0]),
    ]);
    const [frame] = parseAll([wire]);
    expect(frame?.body.equals(body)).toBe(true);
  });

  it('refuses a frame whose content-length is not followed by NUL, or is not a number', () => {
    expect(() => parseAll(['SEND\ncontent-length:1\n\nab\0'])).toThrow(/NUL/);
    expect(() => parseAll(['SEND\ncontent-length:-1\n\n\0'])).toThrow(/content-length/);
  });

  it('parses coalesced frames from one chunk', () => {
    const wire = [
      'CONNECT\naccept-version:1.2\n\n\0',
      'SUBSCRIBE\nid:0\ndestination:/a\n\n\0',
      'DISCONNECT\nreceipt:9\n\n\0',
    ];
    expect(parseAll([wire.join('')]).map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE', 'DISCONNECT']);
  });

  it('gives the same frames whatever byte the stream is split at', () => {
    const wire = Buffer.concat([
      Buffer.from('\r\nCONNECT\r\naccept-version:1.2\r\nheart-beat:0,0\r\n\r\n\0\n'),
      Buffer.from('SEND\ndestination:/topic/chat/日本\ncontent-length:5\n\na\0b\0c\0'),
      Buffer.from('SEND\nreceipt:r\\c1\n\n本文\0\n\n'),
    ]);
    const expected = simple(parseAll([wire]));
    expect(expected).toEqual([
      { command: 'CONNECT', headers: { 'accept-version': '1.2', 'heart-beat': '0,0' }, body: '' },
      {
        command: 'SEND',
        headers: { destination: '/topic/chat/日本', 'content-length': '5' },
        body: 'a\0b\0c',
      },
      { command: 'SEND', headers: { receipt: 'r:1' }, body: '本文' },
    ]);
    for (let at = 0; at <= wire.length; at += 1) {
      expect(simple(parseAll([wire.subarray(0, at), wire.subarray(at)]))).toEqual(expected);
    }
    expect(simple(parseAll([...wire].map((byte) => Uint8Array.of(byte))))).toEqual(expected);
  });

  it('keeps a partial frame intact when the caller reuses its chunk buffer', () => {
    const parser = createStompParser();
    const chunk = Buffer.from('SEND\ndestination:/a\n\nhel');
    expect([...parser.feed(chunk)]).toEqual([]);
    chunk.fill(0x7a);
    const [frame] = [...parser.feed('lo\0')];
    expect(frame?.body.toString()).toBe('hello');
  });

  describe('limits', () => {
    const limits = { maxFrameBytes: 64, maxHeaders: 3 };

    it('refuses a body without NUL that outgrows the frame limit, even in small pieces', () => {
      const parser = createStompParser(limits);
      expect([...parser.feed('SEND\n\n')]).toEqual([]);
      const bodyBytes = Array.from({ length: 100 }, () => 'x');
      expect(() => bodyBytes.flatMap((x) => [...parser.feed(x)])).toThrow(/大きすぎます/);
    });

    it('refuses headers without an end that outgrow the limit', () => {
      expect(() => parseAll(['SEND\nx:' + 'y'.repeat(80)], limits)).toThrow(/大きすぎます/);
    });

    it('refuses a declared content-length over the limit before the body arrives', () => {
      expect(() => parseAll(['SEND\ncontent-length:1000\n\n'], limits)).toThrow(/大きすぎます/);
    });

    it('accepts a frame of exactly the limit', () => {
      const frame = 'SEND\n\n' + 'x'.repeat(57) + '\0';
      expect(Buffer.byteLength(frame)).toBe(64);
      expect(parseAll([frame], limits)).toHaveLength(1);
      expect(() => parseAll(['SEND\n\n' + 'x'.repeat(58) + '\0'], limits)).toThrow(StompParseError);
    });

    it('refuses more headers than allowed', () => {
      expect(parseAll(['SEND\na:1\nb:2\nc:3\n\n\0'], limits)).toHaveLength(1);
      expect(() => parseAll(['SEND\na:1\nb:2\nc:3\nd:4\n\n\0'], limits)).toThrow(/ヘッダーが多すぎます/);
    });
  });

  it('refuses a bad command or a header line without a colon', () => {
    expect(() => parseAll(['send\n\n\0'])).toThrow(StompParseError);
    expect(() => parseAll(['SE ND\n\n\0'])).toThrow(StompParseError);
    expect(() => parseAll(['SEND\nnocolon\n\n\0'])).toThrow(/ヘッダー/);
    expect(() => parseAll(['SEND\n:value\n\n\0'])).toThrow(/ヘッダー/);
  });

  it('yields the frames before a bad one, then stays failed', () => {
    const parser = createStompParser();
    const seen: string[] = [];
    expect(() => {
      for (const frame of parser.feed('SEND\n\nok\0garbage\nx\n\n\0')) seen.push(frame.body.toString());
    }).toThrow(StompParseError);
    expect(seen).toEqual(['ok']);
    expect(() => [...parser.feed('SEND\n\n\0')]).toThrow(StompParseError);
  });
});

describe('negotiateHeartbeat', () => {
  const server = { sendEveryMs: 10_000, expectEveryMs: 10_000 };

  it('expects data as often as the client offers, never more often than the server needs', () => {
    expect(negotiateHeartbeat('20000,0', server)).toEqual({ incomingMs: 20_000, outgoingMs: 0 });
    expect(negotiateHeartbeat('5000,30000', server)).toEqual({ incomingMs: 10_000, outgoingMs: 30_000 });
  });

  it('turns a direction off when either side says 0, and treats a missing header as 0,0', () => {
    expect(negotiateHeartbeat(undefined, server)).toEqual({ incomingMs: 0, outgoingMs: 0 });
    expect(negotiateHeartbeat('1000,1000', { sendEveryMs: 0, expectEveryMs: 0 })).toEqual({
      incomingMs: 0,
      outgoingMs: 0,
    });
  });

  it('refuses a malformed header', () => {
    expect(() => negotiateHeartbeat('fast', server)).toThrow(StompParseError);
  });
});
