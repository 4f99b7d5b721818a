import { open } from 'node:fs/promises';

/** Enough for the header FreeSWITCH (libsndfile) and the sandbox write: chunks before 'data' are small. */
const HEAD_BYTES = 4096;

/**
 * A WAV file's size and length in whole seconds (rounded), read from its 'fmt ' byte rate and its 'data'
 * chunk; a data size left unwritten (0 or 0xFFFFFFFF, a recording cut short) counts to the end of the
 * file. Null when there is no such file; seconds 0 when it is no readable WAV.
 */
export async function wavLength(path: string): Promise<{ bytes: number; seconds: number } | null> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return null;
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    return { bytes: size, seconds: secondsOf(head, size) };
  } finally {
    await file.close();
  }
}

function secondsOf(head: Buffer, size: number): number {
  if (
    head.length < 12 ||
    head.toString('latin1', 0, 4) !== 'RIFF' ||
    head.toString('latin1', 8, 12) !== 'WAVE'
  )
    return 0;
  let byteRate = 0;
  for (let position = 12; position + 8 <= head.length;) {
    const id = head.toString('latin1', position, position + 4);
    const length = head.readUInt32LE(position + 4);
    if (id === 'fmt ' && position + 20 <= head.length) byteRate = head.readUInt32LE(position + 16);
    if (id === 'data') {
      const start = position + 8;
      const data = length === 0 || length === 0xffffffff || start + length > size ? size - start : length;
      return byteRate > 0 ? Math.round(data / byteRate) : 0;
    }
    position += 8 + length + (length & 1);
  }
  return 0;
}
