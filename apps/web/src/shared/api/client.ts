import { ApiError, type Envelope } from '@tsunagu/contract/envelope';
import { apiPath, type Endpoint } from '@tsunagu/contract/api';
import { messages } from '@tsunagu/contract/messages';
import { ja } from '../i18n/ja';
import { rememberReturnUrl } from '../session/return-url';
import { endSession, getSession } from '../session/session-store';

/** What a call may carry besides the endpoint. */
export interface CallOptions {
  /** Values for the endpoint's `:param` placeholders. */
  params?: Record<string, string>;
  /** JSON body for POST/PUT. */
  body?: unknown;
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

/**
 * Calls an API endpoint and unwraps `{code, msg, data}`. Throws ApiError for an HTTP error
 * (status, server msg), for a non-zero code (HTTP status kept) and for a network failure (status 0).
 */
export async function callApi<T>(endpoint: Endpoint, options: CallOptions = {}): Promise<CallResult<T>> {
  const sessionToken = options.token === undefined ? getSession()?.token : undefined;
  const token = options.token ?? sessionToken;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const xsrf = STATE_CHANGING.has(endpoint.method) ? xsrfToken() : null;
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);

  let response: Response;
  try {
    response = await fetch(apiPath(endpoint, options.params), {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, ja.notice.network);
  }

  const body = await readBody(response);
  const msg = isEnvelope(body) ? body.msg : '';
  if (!response.ok) {
    if (response.status === 401 && sessionToken && !endpoint.public) signOutAfterUnauthorized();
    const code = isEnvelope(body) ? body.code : response.status;
    throw new ApiError(response.status, msg || response.statusText || messages.errorOccurred, code);
  }
  if (!isEnvelope(body)) return { data: body as T, msg: '', headers: response.headers };
  if (body.code !== 0) throw new ApiError(response.status, msg || messages.errorOccurred, body.code);
  return { data: body.data as T, msg, headers: response.headers };
}

/** Calls an API endpoint and returns only the envelope's data. */
export async function fetchData<T>(endpoint: Endpoint, options?: CallOptions): Promise<T> {
  return (await callApi<T>(endpoint, options)).data;
}
