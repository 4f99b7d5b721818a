import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { API_PREFIX } from '@tsunagu/contract';
import type { FastifyInstance } from 'fastify';

/**
 * How the API's JSON goes on the wire: brotli when the client accepts it, else gzip, else as it is. One
 * place for every answer: the cached lists (list-cache.ts) compress their finished bytes once with these
 * settings, every other JSON answer of at least COMPRESS_MIN_BYTES is compressed as it is sent
 * (installCompression). The built web app's files have their own copies made by the build (web-app.ts).
 */
export type Encoding = 'br' | 'gzip';

/** Below this an answer goes as it is: a page header and a few hundred bytes of JSON gain little. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli's quality 11 (the default) takes seconds on a megabyte. A body compressed once and sent many
 * times (a cached list) takes 5, about as fast as gzip 6. A body compressed for each answer takes 2:
 * on a 27 KB page of calls 0.4 ms instead of 1.7–2.2 ms at 5, for 3 % more bytes (measured 2026-11-29).
 */
const brotli = (quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
const BROTLI_ONCE = brotli(5);
const BROTLI_EACH = brotli(2);
const GZIP = { level: 6 };

/** Answers up to this size are compressed at once (tens of µs); larger ones (an export) off the event loop. */
const SYNC_MAX_BYTES = 64 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an Accept-Encoding header: br before gzip, either only when the client
 * accepts it (listed without `;q=0`; `*` accepts both).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return undefined;
  const accepted = new Map<string, boolean>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined || Number(q.slice(2)) > 0);
  }
  const takes = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? false;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return undefined;
}

/** A body to be sent many times (a cached list), compressed in the given encoding, at once. */
export function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_ONCE) : gzipSync(body, GZIP);
}

/** One answer's body, compressed at once when small, else off the event loop. */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const small = body.length <= SYNC_MAX_BYTES;
  if (encoding === 'br')
    return small ? Promise.resolve(brotliCompressSync(body, BROTLI_EACH)) : brotliAsync(body, BROTLI_EACH);
  return small ? Promise.resolve(gzipSync(body, GZIP)) : gzipAsync(body, GZIP);
}

/**
 * Compresses the API's JSON answers (under API_PREFIX, `application/json`, sent whole) of at least
 * COMPRESS_MIN_BYTES for a client that accepts br or gzip, and says `Vary: Accept-Encoding` on them.
 * An answer that already carries its encoding (a cached list) and streamed answers (progress lines,
 * files) pass as they are.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_PREFIX) || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', 'Accept-Encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compress(body, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
