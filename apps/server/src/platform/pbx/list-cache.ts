import { createHash } from 'node:crypto';
import { ok } from '@tsunagu/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { coalesceByKey } from '../db/coalesce';
import { acceptedEncoding, compressSync } from '../http/compression';
import { findChangeVersions, type ChangeArea } from './lookups.repository';

/** The cached list answers. */
export type ListName = 'extension' | 'ringGroup' | 'ivr' | 'destination' | 'initData' | 'directory';

/** The change areas each answer shows: the directory lists users, groups and gateways beside extensions. */
const AREAS: Record<ListName, readonly ChangeArea[]> = {
  extension: ['pbx'],
  ringGroup: ['pbx'],
  ivr: ['pbx'],
  destination: ['pbx'],
  initData: ['pbx'],
  directory: ['pbx', 'directory'],
};

/** A serialised `{ code: 0, msg: '', data }` answer. */
export interface Answer {
  body: Buffer;
  /** The body gzipped, made once on first use (browsers accept it; a 1.4 MB list shrinks tenfold). */
  gzip(): Buffer;
  /** The body in brotli, made once on first use (a fifth smaller than gzip on these lists). */
  brotli(): Buffer;
  /** A strong validator of the body: a client holding it gets 304 without the bytes. */
  etag: string;
}

/** Serialised list answers per tenant, reused while the change counters of the areas they show stand still. */
export interface ListCache {
  /** The list's answer; `build` runs only when the tenant changed since it was last built. */
  answer(tenantUuid: string, list: ListName, build: () => Promise<unknown>): Promise<Answer>;
}

interface Entry extends Answer {
  version: string;
}

function entryOf(version: string, body: Buffer): Entry {
  let zipped: Buffer | undefined;
  let brotli: Buffer | undefined;
  return {
    version,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    gzip: () => (zipped ??= compressSync(body, 'gzip')),
    brotli: () => (brotli ??= compressSync(body, 'br')),
  };
}

/** A cache holding at most `maxBytes` of answers (uncompressed), dropping the least recently used first. */
export function createListCache(db: Db, maxBytes = 64 * 1024 * 1024): ListCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  }

  function remember(key: string, entry: Entry): void {
    forget(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  // Requests arriving together share one read of the counters (never one already sent: a request still
  // sees every change committed before it, its own save included).
  const versionsOf = coalesceByKey((tenantUuid) => findChangeVersions(db, tenantUuid));

  return {
    async answer(tenantUuid, list, build) {
      const key = `${tenantUuid}:${list}`;
      // The version is read before the rows: an answer built after a concurrent change is then stored
      // under the older version and rebuilt on the next request, never served stale.
      const versions = await versionsOf(tenantUuid);
      const version = AREAS[list].map((area) => versions[area]).join('.');
      const cached = entries.get(key);
      if (cached?.version === version) {
        remember(key, cached);
        return cached;
      }
      const entry = entryOf(version, Buffer.from(JSON.stringify(ok(await build()))));
      remember(key, entry);
      return entry;
    },
  };
}

/**
 * Sends a cached answer as it is: 304 when the client holds it (If-None-Match), else brotli or gzip
 * when the client accepts that (compression.ts: the bytes compressed once, kept with the answer). `Cache-Control: private, no-cache` (instead of the API's no-store) lets
 * the browser keep it and ask again with its ETag.
 */
export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  reply
    .type('application/json; charset=utf-8')
    .header('vary', 'Accept-Encoding')
    .header('etag', answer.etag)
    .header('cache-control', 'private, no-cache');
  const { headers } = reply.request;
  if (headers['if-none-match']?.split(/\s*,\s*/).includes(answer.etag)) return reply.code(304).send();
  const encoding = acceptedEncoding(headers['accept-encoding']);
  if (encoding) {
    return reply
      .header('content-encoding', encoding)
      .send(encoding === 'br' ? answer.brotli() : answer.gzip());
  }
  return reply.send(answer.body);
}
