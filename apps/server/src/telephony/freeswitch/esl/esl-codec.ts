import { childElements, parseXml, textOf } from '../xml/xml-parse';

/** Headers of one Event Socket frame, as sent (values not URL-decoded). */
export type EslHeaders = Readonly<Record<string, string>>;

/**
 * One FreeSWITCH event as a flat map of header → value, URL-decoding already undone.
 * The event's body, when it has one, is under `_body` (the key FreeSWITCH itself uses in JSON).
 */
export type EslEvent = Readonly<Record<string, string>>;

/** A decoded frame from FreeSWITCH. */
export type EslMessage =
  | { type: 'auth/request'; headers: EslHeaders }
  | { type: 'command/reply'; headers: EslHeaders; ok: boolean; replyText: string }
  | { type: 'api/response'; headers: EslHeaders; body: string }
  | { type: 'event'; headers: EslHeaders; format: 'json' | 'plain' | 'xml'; event: EslEvent }
  | { type: 'disconnect-notice'; headers: EslHeaders; body: string }
  | { type: 'rude-rejection'; headers: EslHeaders; body: string }
  | { type: 'log'; headers: EslHeaders; body: string }
  /** The frame was delimited correctly but its body could not be read; the stream is still in step. */
  | { type: 'malformed'; headers: EslHeaders; contentType: string; reason: string }
  | { type: 'unknown'; headers: EslHeaders; contentType: string; body: string };

/** The byte stream cannot be split into frames any more; the connection must be dropped. */
export class EslProtocolError extends Error {
  override name = 'EslProtocolError';
}

const NEWLINE = 0x0a;
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Splits a header block ("Name: value" lines) into a map; the first occurrence of a name wins. */
function parseHeaderBlock(
  block: string,
  decode: (value: string) => string = (v) => v,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rawLine of block.split('\n')) {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (!(name in headers)) headers[name] = decode(value);
  }
  return headers;
}

/** URL-decodes a plain/XML event header value; a stray "%" is kept as it is. */
export function urlDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

// FreeSWITCH sends multi-valued headers as JSON arrays in JSON events; elsewhere it writes them as
// "ARRAY::a|:b". That string form is used here too so every event is a flat string map.
function toHeaderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `ARRAY::${value.map((v) => toHeaderValue(v)).join('|:')}`;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function decodeJsonEvent(body: Buffer): EslEvent {
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('event body is not a JSON object');
  }
  const event: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) event[key] = toHeaderValue(value);
  return event;
}

// A plain event body is itself a header block, then optionally a blank line and the event's own body
// (sized by the inner Content-Length), e.g. the result text of a BACKGROUND_JOB.
function decodePlainEvent(body: Buffer): EslEvent {
  const split = body.indexOf('\n\n');
  const headerPart = split < 0 ? body : body.subarray(0, split);
  const event = parseHeaderBlock(headerPart.toString('utf8'), urlDecode);
  if (split >= 0) {
    const rest = body.subarray(split + 2);
    const length = Number(event['Content-Length']);
    const inner = Number.isInteger(length) && length >= 0 ? rest.subarray(0, length) : rest;
    if (inner.length > 0) event._body = inner.toString('utf8');
  }
  return event;
}

function decodeXmlEvent(body: Buffer): EslEvent {
  const root = parseXml(body.toString('utf8'));
  const event: Record<string, string> = {};
  for (const section of childElements(root, 'headers')) {
    for (const header of childElements(section)) event[header.name] = urlDecode(textOf(header));
  }
  const bodyElement = childElements(root, 'body')[0];
  if (bodyElement) event._body = textOf(bodyElement);
  return event;
}

const EVENT_FORMATS = {
  'text/event-json': ['json', decodeJsonEvent],
  'text/event-plain': ['plain', decodePlainEvent],
  'text/event-xml': ['xml', decodeXmlEvent],
} as const;

function toMessage(headers: EslHeaders, body: Buffer): EslMessage {
  const contentType = headers['Content-Type'] ?? '';
  const text = () => body.toString('utf8');
  switch (contentType) {
    case 'auth/request':
      return { type: 'auth/request', headers };
    case 'command/reply': {
      const replyText = headers['Reply-Text'] ?? '';
      return { type: 'command/reply', headers, ok: replyText.startsWith('+OK'), replyText };
    }
    case 'api/response':
      return { type: 'api/response', headers, body: text() };
    case 'text/disconnect-notice':
      return { type: 'disconnect-notice', headers, body: text() };
    case 'text/rude-rejection':
      return { type: 'rude-rejection', headers, body: text() };
    case 'log/data':
      return { type: 'log', headers, body: text() };
    case 'text/event-json':
    case 'text/event-plain':
    case 'text/event-xml': {
      const [format, decode] = EVENT_FORMATS[contentType];
      try {
        return { type: 'event', headers, format, event: decode(body) };
      } catch (err) {
        return { type: 'malformed', headers, contentType, reason: (err as Error).message };
      }
    }
    default:
      return { type: 'unknown', headers, contentType, body: text() };
  }
}

/**
 * Incremental Event Socket parser: feed it whatever the socket delivers (a frame split anywhere, or
 * several frames in one chunk) and it returns each complete frame once.
 * A frame is a header block ended by a blank line, then `Content-Length` bytes of body if that
 * header is present. Lengths are in bytes, so the buffer is kept as bytes until a frame is whole.
 */
export class EslDecoder {
  private chunks: Buffer[] = [];
  private length = 0;
  private scanFrom = 0;
  private pending: { headers: EslHeaders; bodyLength: number } | null = null;

  /** Bytes received and not yet returned as a frame. */
  get buffered(): number {
    return this.length;
  }

  /** Adds received bytes; returns the frames they complete, in order. */
  push(chunk: Buffer): EslMessage[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
    const messages: EslMessage[] = [];
    for (;;) {
      if (!this.pending) {
        const headers = this.takeHeaderBlock();
        if (!headers) break;
        this.pending = { headers, bodyLength: this.bodyLengthOf(headers) };
      }
      if (this.length < this.pending.bodyLength) break;
      const body = this.take(this.pending.bodyLength);
      messages.push(toMessage(this.pending.headers, body));
      this.pending = null;
    }
    return messages;
  }

  private bodyLengthOf(headers: EslHeaders): number {
    const raw = headers['Content-Length'];
    if (raw === undefined) return 0;
    const length = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || length > MAX_BODY_BYTES) {
      throw new EslProtocolError(`invalid Content-Length: ${raw}`);
    }
    return length;
  }

  private takeHeaderBlock(): EslHeaders | null {
    const buffer = this.flatten();
    // Stray blank lines between frames carry nothing; skip them so they do not read as empty frames.
    let start = 0;
    while (start < buffer.length && (buffer[start] === NEWLINE || buffer[start] === 0x0d)) start++;
    if (start > 0) {
      this.take(start);
      return this.takeHeaderBlock();
    }
    const end = buffer.indexOf('\n\n', Math.max(0, this.scanFrom - 1));
    if (end < 0) {
      if (buffer.length > MAX_HEADER_BYTES) throw new EslProtocolError('header block too large');
      this.scanFrom = buffer.length;
      return null;
    }
    const block = this.take(end + 2).subarray(0, end);
    this.scanFrom = 0;
    return parseHeaderBlock(block.toString('utf8'));
  }

  private flatten(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.length)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private take(count: number): Buffer {
    const buffer = this.flatten();
    const taken = buffer.subarray(0, count);
    const rest = buffer.subarray(count);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}

/** A command the client sends to FreeSWITCH. */
export type EslCommand =
  | { type: 'auth'; password: string }
  | {
      type: 'event';
      format: 'json' | 'plain' | 'xml';
      events: readonly string[];
      subclasses?: readonly string[];
    }
  | { type: 'api'; command: string }
  | { type: 'bgapi'; command: string; jobUuid?: string }
  | { type: 'sendmsg'; uuid?: string; headers: Readonly<Record<string, string>>; body?: string }
  | { type: 'noevents' }
  | { type: 'exit' };

/** A command argument contained a line break, which would smuggle a second command onto the socket. */
export class EslCommandInjectionError extends Error {
  override name = 'EslCommandInjectionError';
}

// Event Socket commands are line-delimited: a CR or LF inside an argument (say, a number typed by a
// user) would end the command early and let the rest run as another command.
function line(value: string): string {
  if (/[\r\n]/.test(value)) throw new EslCommandInjectionError('改行を含むコマンドは送信できません');
  return value;
}

/** Serializes a command into the bytes written to the socket (ending with the blank line). */
export function serializeEslCommand(command: EslCommand): string {
  switch (command.type) {
    case 'auth':
      return `auth ${line(command.password)}\n\n`;
    case 'event': {
      const custom = command.subclasses?.length ? ['CUSTOM', ...command.subclasses] : [];
      return `event ${command.format} ${line([...command.events, ...custom].join(' '))}\n\n`;
    }
    case 'api':
      return `api ${line(command.command)}\n\n`;
    case 'bgapi':
      return command.jobUuid
        ? `bgapi ${line(command.command)}\nJob-UUID: ${line(command.jobUuid)}\n\n`
        : `bgapi ${line(command.command)}\n\n`;
    case 'sendmsg': {
      const head = command.uuid ? `sendmsg ${line(command.uuid)}\n` : 'sendmsg\n';
      const headers = Object.entries(command.headers).map(([k, v]) => `${line(k)}: ${line(v)}\n`);
      if (command.body === undefined) return `${head}${headers.join('')}\n`;
      const length = Buffer.byteLength(command.body, 'utf8');
      return `${head}${headers.join('')}content-length: ${length}\n\n${command.body}`;
    }
    case 'noevents':
      return 'noevents\n\n';
    case 'exit':
      return 'exit\n\n';
  }
}
