/**
 * STOMP 1.2 frame codec: an incremental parser for bytes arriving in arbitrary chunks and a serializer.
 * https://stomp.github.io/stomp-specification-1.2.html
 */

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const EMPTY = Buffer.alloc(0);

/** One parsed frame. */
export interface StompFrame {
  command: string;
  /** Header values after unescaping; a repeated header keeps its first value, as the spec requires. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}

/** A frame to write; `undefined` header values are left out and content-length is added for a body. */
export interface OutgoingFrame {
  command: string;
  headers?: Readonly<Record<string, string | number | undefined>>;
  body?: string;
}

/** Input that breaks the grammar or a limit; the connection cannot continue after it. */
export class StompParseError extends Error {
  override name = 'StompParseError';
}

export interface StompLimits {
  /** Bytes of one frame, command to NUL. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export const defaultStompLimits: StompLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 32 };

export interface StompParser {
  /** Appends bytes and yields every frame they complete; throws StompParseError at the first bad one. */
  feed(chunk: Uint8Array | string): Generator<StompFrame, void, undefined>;
}

// CONNECT and CONNECTED are exempt from escaping so that 1.0 peers can read them (spec, "Value Encoding").
const unescapedCommands = new Set(['CONNECT', 'CONNECTED']);

const escapes: Record<string, string> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' };
const unescapes: Record<string, string> = { '\\': '\\', r: '\r', n: '\n', c: ':' };

/** Escapes a header name or value for every command but CONNECT and CONNECTED. */
export function escapeHeader(text: string): string {
  return text.replace(/[\\\r\n:]/g, (ch) => escapes[ch] ?? ch);
}

/** Reverses escapeHeader; an undefined escape sequence is a fatal error per the spec. */
export function unescapeHeader(text: string): string {
  return text.replace(/\\(.?)/gs, (_, ch: string) => {
    const plain = unescapes[ch];
    if (plain === undefined) throw new StompParseError(`不正なエスケープシーケンスです: \\${ch}`);
    return plain;
  });
}

/** Writes a frame as text: server frames always carry text bodies. */
export function serializeFrame(frame: OutgoingFrame): string {
  const escape = unescapedCommands.has(frame.command) ? (text: string) => text : escapeHeader;
  const body = frame.body ?? '';
  let out = frame.command + '\n';
  for (const [name, value] of Object.entries(frame.headers ?? {})) {
    if (value !== undefined) out += escape(name) + ':' + escape(String(value)) + '\n';
  }
  if (body !== '' && frame.headers?.['content-length'] === undefined) {
    out += 'content-length:' + Buffer.byteLength(body) + '\n';
  }
  return out + '\n' + body + '\0';
}

interface FrameHead {
  command: string;
  headers: Record<string, string>;
  /** Offset of the body from the frame's first byte. */
  bodyOffset: number;
  contentLength: number | undefined;
}

/** Creates a parser for one connection; it keeps the unfinished tail of the stream between chunks. */
export function createStompParser(limits: StompLimits = defaultStompLimits): StompParser {
  // Unconsumed bytes are buf[start, end). While `owned` is false, buf is the caller's chunk, parsed in
  // place so that the usual case (whole frames per chunk) copies nothing; a tail is copied before reuse.
  let buf: Buffer = EMPTY;
  let owned = false;
  let start = 0;
  let end = 0;
  // Scan positions are offsets from `start`, so compaction never has to fix them up.
  let lineOffset = 0; // start of the header line being read
  let scanOffset = 0; // where the search for its LF resumes
  let nulOffset = 0;
  let head: FrameHead | undefined;
  let failure: StompParseError | undefined;

  function append(chunk: Uint8Array | string): void {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (start === end) {
      buf = bytes;
      owned = false;
      start = 0;
      end = bytes.length;
      return;
    }
    // Here buf is owned: release() copies any tail out of the caller's chunk.
    const live = end - start;
    if (end + bytes.length > buf.length) {
      const needed = live + bytes.length;
      // Doubling keeps a frame that trickles in byte by byte linear in cost.
      if (needed <= buf.length) buf.copyWithin(0, start, end);
      else {
        const grown = Buffer.allocUnsafe(Math.max(needed * 2, 256));
        buf.copy(grown, 0, start, end);
        buf = grown;
      }
      start = 0;
      end = live;
    }
    bytes.copy(buf, end);
    end += bytes.length;
  }

  function fail(message: string): never {
    throw new StompParseError(message);
  }

  function checkSize(frameBytes: number): void {
    if (frameBytes > limits.maxFrameBytes)
      fail(`フレームが大きすぎます（上限 ${limits.maxFrameBytes} バイト）`);
  }

  /** Skips the EOLs that heart-beats put between frames; false when a lone CR waits for its LF. */
  function skipHeartbeats(): boolean {
    while (start < end) {
      if (buf[start] === LF) start += 1;
      else if (buf[start] === CR) {
        if (start + 1 === end) return false;
        if (buf[start + 1] !== LF) fail('CR の後に LF がありません');
        start += 2;
      } else break;
    }
    return true;
  }

  function readHead(): FrameHead | undefined {
    const view = buf.subarray(start, end);
    for (;;) {
      const lf = view.indexOf(LF, scanOffset);
      if (lf < 0) {
        scanOffset = view.length;
        checkSize(view.length);
        return undefined;
      }
      const blank = lf === lineOffset || (lf === lineOffset + 1 && view[lineOffset] === CR);
      if (!blank) {
        lineOffset = scanOffset = lf + 1;
        continue;
      }
      checkSize(lf + 1);
      return parseHead(view.toString('utf8', 0, lineOffset), lf + 1);
    }
  }

  function parseHead(text: string, bodyOffset: number): FrameHead {
    const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    lines.pop(); // the text ends with the EOL of the last header line
    const command = lines.shift() ?? '';
    if (!/^[A-Z]+$/.test(command)) fail('コマンドが正しくありません');
    if (lines.length > limits.maxHeaders) fail(`ヘッダーが多すぎます（上限 ${limits.maxHeaders} 個）`);
    const decode = unescapedCommands.has(command) ? (t: string) => t : unescapeHeader;
    // No prototype: a header named __proto__ or constructor is just a header.
    const headers: Record<string, string> = Object.create(null);
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) fail('ヘッダーの形式が正しくありません');
      const name = decode(line.slice(0, colon));
      if (!Object.hasOwn(headers, name)) headers[name] = decode(line.slice(colon + 1));
    }
    const declared = headers['content-length'];
    if (declared !== undefined && !/^\d{1,10}$/.test(declared)) fail('content-length が正しくありません');
    const contentLength = declared === undefined ? undefined : Number(declared);
    if (contentLength !== undefined) checkSize(bodyOffset + contentLength + 1);
    return { command, headers, bodyOffset, contentLength };
  }

  /** Length of the body when the frame is complete in the buffer, else undefined. */
  function bodyLength(frame: FrameHead): number | undefined {
    const available = end - start - frame.bodyOffset;
    if (frame.contentLength !== undefined) {
      if (available <= frame.contentLength) return undefined;
      if (buf[start + frame.bodyOffset + frame.contentLength] !== NUL)
        fail('content-length の後に NUL がありません');
      return frame.contentLength;
    }
    const nul = buf.subarray(start + frame.bodyOffset, end).indexOf(NUL, nulOffset);
    if (nul >= 0) {
      checkSize(frame.bodyOffset + nul + 1);
      return nul;
    }
    nulOffset = available;
    checkSize(end - start);
    return undefined;
  }

  function nextFrame(): StompFrame | undefined {
    if (!head) {
      if (!skipHeartbeats() || start === end) return undefined;
      head = readHead();
      if (!head) return undefined;
    }
    const length = bodyLength(head);
    if (length === undefined) return undefined;
    const bodyStart = start + head.bodyOffset;
    // Copied: the bytes behind it are the caller's chunk or a buffer about to be reused.
    const frame = {
      command: head.command,
      headers: head.headers,
      body: Buffer.from(buf.subarray(bodyStart, bodyStart + length)),
    };
    start = bodyStart + length + 1;
    head = undefined;
    lineOffset = scanOffset = nulOffset = 0;
    return frame;
  }

  function release(): void {
    if (start === end) {
      buf = EMPTY;
      owned = false;
      start = end = 0;
    } else if (!owned) {
      buf = Buffer.from(buf.subarray(start, end));
      owned = true;
      end -= start;
      start = 0;
    }
  }

  return {
    *feed(chunk) {
      if (failure) throw failure;
      append(chunk);
      try {
        for (let frame = nextFrame(); frame; frame = nextFrame()) yield frame;
      } catch (error) {
        if (error instanceof StompParseError) failure = error;
        throw error;
      } finally {
        release();
      }
    },
  };
}
