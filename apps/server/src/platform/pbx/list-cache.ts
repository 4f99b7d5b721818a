import { gzipSync } from 'node:zlib';
import { ok } from '@tsunagu/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { findPbxVersion } from './lookups.repository';

/** The cached list answers. */
export type ListName = 'extension' | 'ringGroup' | 'ivr' | 'destination' | 'initData';

/** A serialised `{ code: 0, msg: '', data }` answer. */
export interface Answer {
  body: Buffer;
  /** The body gzipped, made once on first use (browsers accept it; a 1.4 MB list shrinks tenfold). */
  gzip(): Buffer;
}

/** Serialised list answers per tenant, reused while the tenant's 'pbx' change counter (0011_change_areas.sql) stands still. */
export interface ListCache {
  /** The list's answer; `build` runs only when the tenant changed since it was last built. */
  answer(tenantUuid: string, list: ListName, build: () => Promise<unknown>): Promise<Answer>;
}

interface Entry extends Answer {
  version: string;
}

function entryOf(version: string, body: Buffer): Entry {
  let zipped: Buffer | undefined;
  return { version, body, gzip: () => (zipped ??= gzipSync(body, { level: 6 })) };
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

  return {
    async answer(tenantUuid, list, build) {
      const key = `${tenantUuid}:${list}`;
      // The version is read before the rows: an answer built after a concurrent change is then stored
      // under the older version and rebuilt on the next request, never served stale.
      const version = await findPbxVersion(db, tenantUuid);
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

/** Sends a cached answer as it is, gzipped when the client accepts that. */
export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const accepts = reply.request.headers['accept-encoding'];
  if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(answer.gzip());
  }
  return reply.send(answer.body);
}
