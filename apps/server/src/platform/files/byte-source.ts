import { open } from 'node:fs/promises';

/** Random access to a file's bytes without holding the file in memory. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Buffer>;
}

const WINDOW = 64 * 1024;

/** A byte source over a buffer (tests, small in-memory files). */
export function bufferSource(bytes: Buffer): ByteSource {
  return {
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)),
  };
}

/**
 * Runs `work` over the file at `path` read through a 64 KB window: walking thousands of small headers
 * (MP3 frames) costs a few hundred reads instead of one per header, and memory stays at one window.
 */
export async function withFileSource<T>(path: string, work: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let start = 0;
    let window = Buffer.alloc(0);
    const source: ByteSource = {
      size,
      async read(offset, length) {
        if (length > WINDOW) throw new RangeError('read larger than the window');
        if (offset < start || offset + length > start + window.length) {
          const buffer = Buffer.allocUnsafe(WINDOW);
          const { bytesRead } = await handle.read(buffer, 0, WINDOW, offset);
          start = offset;
          window = buffer.subarray(0, bytesRead);
        }
        return window.subarray(offset - start, offset - start + length);
      },
    };
    return await work(source);
  } finally {
    await handle.close();
  }
}
