import type { IncomingMessage } from 'node:http';

/** Past this much, an oversized upload is not read to its end: the answer goes out and the socket closes. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 15_000;

/**
 * Reads and discards the rest of a request body, so that an answer sent before it was read (413) reaches a
 * client that writes its whole body before it reads: closing mid-upload gives such clients a reset socket
 * (EPIPE / ECONNRESET) instead of the answer. Resolves at the body's end, or after the byte or time cap.
 */
export function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}
