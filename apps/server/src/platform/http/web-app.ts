import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, messages } from '@tsunagu/contract';
import { CSP_NONCE_PLACEHOLDER } from '@tsunagu/contract/csp';
import type { FastifyInstance } from 'fastify';
import { styleNonceFor } from './security-headers';

/** Hashed build output: a name never changes meaning, so browsers keep it for a year unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, ringtones): kept, but revalidated before each use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA from `webDist`: its files (with the brotli/gzip copies the build made, chosen
 * by Accept-Encoding), and index.html, with a fresh CSP nonce, for every client route. Unknown API
 * paths, other methods and missing hashed assets stay 404s. Without a build, pages answer 503.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = join(webDist, 'index.html');
  // Read once: the build does not change under a running server (a deploy restarts it).
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const assetsDir = join(webDist, 'assets') + sep;

  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // index.html is sent below (it carries a per-answer nonce); the .br/.gz copies are only
      // served in place of their original, never at their own URL.
      index: false,
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] as string;
    if (path.startsWith(API_PREFIX + '/') || request.method !== 'GET') {
      return reply.status(404).send({ code: 404, msg: messages.routeNotFound, data: null });
    }
    if (indexHtml === null) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('画面がビルドされていません。npm run build を実行してください。');
    }
    // A script of another build (a page open across a deploy) is gone: a page in its place would
    // only fail as a script, and the app offers a reload on a failed download.
    if (path.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send(messages.fileNotFound);
    }
    return reply
      .header('Cache-Control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceFor(reply)));
  });
}
