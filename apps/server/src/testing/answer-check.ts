import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { API_PREFIX, endpoints, FILE, type Endpoint } from '@tsunagu/contract';
import { PROGRESS_CONTENT_TYPE, progressLineSchema } from '@tsunagu/contract/progress';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface Matcher {
  name: string;
  endpoint: Endpoint;
  pattern: RegExp;
  /** Fixed path segments: a fixed segment wins over a `:param` one (/recording/playFile over /recording/:id). */
  fixed: number;
}

const matchers: Matcher[] = Object.entries(endpoints as Record<string, Endpoint>)
  .map(([name, endpoint]) => {
    const source = (API_PREFIX + endpoint.path)
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return {
      name,
      endpoint,
      pattern: new RegExp(`^${source}$`),
      fixed: endpoint.path.split('/').filter((s) => s !== '' && !s.startsWith(':')).length,
    };
  })
  .sort((a, b) => b.fixed - a.fixed);

/** The contract endpoint a request reaches, by method and path, or undefined. */
export function endpointOf(method: string, url: string): { name: string; endpoint: Endpoint } | undefined {
  const path = url.split('?')[0] ?? '';
  return matchers.find((m) => m.endpoint.method === method.toUpperCase() && m.pattern.test(path));
}

function envelopeOf(response: LightMyRequestResponse): unknown {
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes(PROGRESS_CONTENT_TYPE)) return lastOfProgressLines(response.payload);
  if (!type.includes('json')) return undefined;
  const encoding = response.headers['content-encoding'];
  const raw =
    encoding === 'gzip'
      ? gunzipSync(response.rawPayload)
      : encoding === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : response.rawPayload;
  return JSON.parse(raw.toString('utf8')) as unknown;
}

/** A progress answer's envelope (its last line), every line before it held to the progress line's schema. */
function lastOfProgressLines(body: string): unknown {
  const lines = body.trimEnd().split('\n');
  for (const line of lines.slice(0, -1)) progressLineSchema.parse(JSON.parse(line));
  return JSON.parse(lines.at(-1) ?? 'null') as unknown;
}

/**
 * Throws when a successful answer of a contract endpoint does not match the endpoint's response schema.
 * Every server test's requests pass through it (test-app.ts), so the whole suite checks the contract;
 * production answers are not checked.
 */
export function checkAnswer(options: InjectOptions, response: LightMyRequestResponse): void {
  if (typeof options.url !== 'string' || response.statusCode >= 300) return;
  const found = endpointOf(options.method ?? 'GET', options.url);
  if (!found || found.endpoint.response === FILE) return;
  const envelope = envelopeOf(response) as { code?: unknown; data?: unknown } | undefined;
  if (envelope?.code !== 0) return;
  const result = found.endpoint.response.safeParse(envelope.data);
  if (!result.success) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url} answered data that endpoints.${found.name}.response refuses: ` +
        JSON.stringify(result.error.issues.slice(0, 3)),
    );
  }
}

/** Makes `app.inject` (the promise form the tests use) check every answer it returns. */
export function checkEveryAnswer(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  const checked = (options?: InjectOptions | string) => {
    if (options === undefined) return inject();
    const injectOptions = typeof options === 'string' ? { url: options } : options;
    return inject(injectOptions).then((response) => {
      checkAnswer(injectOptions, response);
      return response;
    });
  };
  app.inject = checked as FastifyInstance['inject'];
}
