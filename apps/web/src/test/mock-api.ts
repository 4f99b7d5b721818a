import { vi } from 'vitest';

/** One recorded request to the mocked API. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON response with the server's envelope. */
export function envelope(
  status: number,
  msg: string,
  data: unknown = null,
  headers: HeadersInit = {},
): Response {
  const code = status >= 200 && status < 300 ? 0 : status;
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * Replaces fetch with handlers keyed by 'METHOD /api/path'; an unexpected request fails the test.
 * Returns the list of requests made, in order.
 */
export function mockApi(handlers: Record<string, Handler>): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      const method = init.method ?? 'GET';
      const request: RecordedRequest = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        // JSON as the parsed value, a multipart upload as its FormData.
        body:
          typeof init.body === 'string'
            ? JSON.parse(init.body)
            : init.body instanceof FormData
              ? init.body
              : null,
      };
      requests.push(request);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}`);
      return handler(request);
    }),
  );
  return requests;
}
