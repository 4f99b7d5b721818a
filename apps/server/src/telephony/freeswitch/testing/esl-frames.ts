/** Splits a recorded Event Socket byte stream into its frames, each kept byte for byte (for tests). */
export interface RawFrame {
  contentType: string;
  /** The whole frame: header block, blank line and body. */
  bytes: Buffer;
  /** The body, for events and api responses. */
  body: Buffer;
}

export function splitFrames(raw: Buffer): RawFrame[] {
  const frames: RawFrame[] = [];
  let at = 0;
  while (at < raw.length) {
    const end = raw.indexOf('\n\n', at);
    if (end < 0) break;
    const head = raw.subarray(at, end).toString('utf8');
    const length = Number(/^Content-Length:\s*(\d+)/m.exec(head)?.[1] ?? 0);
    const bodyStart = end + 2;
    frames.push({
      contentType: /^Content-Type:\s*(.*)$/m.exec(head)?.[1]?.trim() ?? '',
      bytes: raw.subarray(at, bodyStart + length),
      body: raw.subarray(bodyStart, bodyStart + length),
    });
    at = bodyStart + length;
    while (raw[at] === 0x0a) at++;
  }
  return frames;
}
