import { ApiError, type Envelope } from '@tsunagu/contract/envelope';
import { apiPath, type Endpoint, type ResponseData, type Sent } from '@tsunagu/contract/endpoints/define';
import { messages } from '@tsunagu/contract/messages';
import { ja } from '../i18n/ja';
import { rememberReturnUrl } from '../session/return-url';
import { endSession, getSession } from '../session/session-store';

/** What a call may carry besides the endpoint, typed by the endpoint's schemas. */
export interface CallOptions<E extends Endpoint> {
  /** Values for the endpoint's `:param` placeholders. */
  params?: Sent<E, 'params'>;
  /** The query string (absent values are left out). */
  query?: Sent<E, 'query'>;
  /**
   * The body of a POST/PUT: a FormData (multipart) or a Blob (a file) is sent as it is, with the
   * browser's own Content-Type; anything else as JSON.
   */
  body?: Sent<E, 'body'>;
  /**
   * A token to use instead of the session's (during login, before a session exists). Such a call is
   * outside the session, so its 401 does not sign anyone out.
   */
  token?: string;
  signal?: AbortSignal;
}

/** A successful answer: the envelope's data and msg, and the response headers. */
export interface CallResult<T> {
  data: T;
  msg: string;
  headers: Headers;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE']);

/** The XSRF-TOKEN cookie the server sets on every response, echoed back on state-changing calls. */
function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'code' in body && 'msg' in body;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Spec 8: a 401 remembers where the user was and ends the session; the shell then shows /login. */
function signOutAfterUnauthorized(): void {
  rememberReturnUrl(window.location.pathname + window.location.search + window.location.hash);
  endSession();
}

/** A body fetch sends as it is, leaving its Content-Type (a multipart boundary, a file's type) to the browser. */
function isRawBody(body: unknown): body is FormData | Blob {
  return body instanceof FormData || body instanceof Blob;
}

/** The headers of a call: what it accepts, the session's (or the given) token, the XSRF echo. */
export function credentials<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
  accept: string,
): { headers: Headers; sessionToken: string | undefined } {
  const sessionToken = options.token === undefined ? getSession()?.token : undefined;
  const token = options.token ?? sessionToken;
  const headers = new Headers({ Accept: accept });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const xsrf = STATE_CHANGING.has(endpoint.method) ? xsrfToken() : null;
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  return { headers, sessionToken };
}

/**
 * Sends the request with the session's credentials and returns a successful (2xx) response. Throws
 * ApiError for an HTTP error (status, the server's msg) and for a network failure (status 0).
 */
async function send<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
  accept: string,
): Promise<Response> {
  const { headers, sessionToken } = credentials(endpoint, options, accept);
  const raw = isRawBody(options.body) ? options.body : undefined;
  const json = raw === undefined && options.body !== undefined ? JSON.stringify(options.body) : undefined;
  if (json !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    const params = options.params as Record<string, string> | undefined;
    response = await fetch(apiPath(endpoint, params, options.query as Record<string, unknown> | undefined), {
      method: endpoint.method,
      headers,
      body: raw ?? json,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, ja.notice.network);
  }
  if (response.ok) return response;

  throw failureOf(endpoint, response.status, response.statusText, await readBody(response), sessionToken);
}

/** The ApiError of an HTTP error answer (its envelope's msg); a 401 to a session's call ends the session. */
export function failureOf(
  endpoint: Endpoint,
  status: number,
  statusText: string,
  body: unknown,
  sessionToken: string | undefined,
): ApiError {
  if (status === 401 && sessionToken && !endpoint.public) signOutAfterUnauthorized();
  const msg = isEnvelope(body) ? body.msg : '';
  const code = isEnvelope(body) ? body.code : status;
  return new ApiError(status, msg || statusText || messages.errorOccurred, code);
}

/**
 * Calls an API endpoint and unwraps `{code, msg, data}`. Throws ApiError for an HTTP error
 * (status, server msg), for a non-zero code (HTTP status kept) and for a network failure (status 0).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<CallResult<ResponseData<E>>> {
  const response = await send(endpoint, options, 'application/json');
  const body = await readBody(response);
  // The data's type is the endpoint's response schema, which the server tests hold every answer to.
  if (!isEnvelope(body)) return { data: body as ResponseData<E>, msg: '', headers: response.headers };
  if (body.code !== 0) throw new ApiError(response.status, body.msg || messages.errorOccurred, body.code);
  return { data: body.data as ResponseData<E>, msg: body.msg, headers: response.headers };
}

/** Calls an API endpoint and returns only the envelope's data. */
export async function fetchData<E extends Endpoint>(
  endpoint: E,
  options?: CallOptions<E>,
): Promise<ResponseData<E>> {
  return (await callApi(endpoint, options)).data;
}

/**
 * Calls an endpoint that answers with a file (audio, a download) and returns it as a Blob. Failures are
 * the JSON envelope as usual and throw ApiError as callApi does.
 */
export async function fetchBlob<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<Blob> {
  return (await send(endpoint, options, '*/*')).blob();
}
