/**
 * Reads an RFC 822 / MIME message back (tests: what the SMTP server received, what the outbox holds).
 * Enough of MIME for what nodemailer writes: folded headers, encoded words, multipart, base64 and
 * quoted-printable bodies, RFC 2231 file names.
 */

export interface ReadMessage {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  /** The text/plain part, decoded. */
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] as string, 'latin1'));
    }
  }
  return Buffer.from(bytes);
}

/** '=?UTF-8?B?…?=' and '=?UTF-8?Q?…?=' words, decoded; whitespace between two words dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return new TextDecoder(charset).decode(bytes);
    });
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | null {
  const extended = new RegExp(`${name}\\*=(?:"?)([^;"]*)`, 'i').exec(header);
  if (extended?.[1]) {
    const [charset, , value] = extended[1].split("'");
    return new TextDecoder(charset || 'utf-8').decode(
      decodeQuotedPrintable((value ?? '').replace(/%/g, '=')),
    );
  }
  const plain = new RegExp(`${name}=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  const value = plain?.[1] ?? plain?.[2];
  return value === undefined ? null : decodeWords(value);
}

function leaves(raw: string): { headers: Map<string, string>; content: Buffer }[] {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? parameter(type, 'boundary') : null;
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => leaves(part.replace(/^\r?\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body.replace(/\r?\n$/, ''), 'latin1');
  return [{ headers, content }];
}

/** Parses a whole message. */
export function readMessage(raw: string | Buffer): ReadMessage {
  // Latin-1 keeps every byte as one character, so binary parts survive the text split.
  const text = typeof raw === 'string' ? raw : raw.toString('latin1');
  const { headers } = split(text);
  const message: ReadMessage = {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    text: '',
    attachments: [],
  };
  for (const leaf of leaves(text)) {
    const type = leaf.headers.get('content-type') ?? 'text/plain';
    const disposition = leaf.headers.get('content-disposition') ?? '';
    if (/^attachment/i.test(disposition)) {
      message.attachments.push({
        filename: parameter(disposition, 'filename') ?? parameter(type, 'name') ?? '',
        contentType: type.split(';')[0] ?? '',
        content: leaf.content,
      });
    } else if (/^text\/plain/i.test(type)) {
      message.text += new TextDecoder(parameter(type, 'charset') ?? 'utf-8').decode(leaf.content);
    }
  }
  return message;
}
