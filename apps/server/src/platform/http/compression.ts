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

/** Brotli's quality 11 (the default) takes seconds on a megabyte; 5 is about as fast as gzip 6. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
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

/** The body compressed in the given encoding, at once. */
export function compressSync(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP);
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length <= SYNC_MAX_BYTES) return Promise.resolve(compressSync(body, encoding));
  return encoding === 'br' ? brotliAsync(body, BROTLI) : gzipAsync(body, GZIP);
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
