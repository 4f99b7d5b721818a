import { apiPath, type Endpoint } from '@tsunagu/contract/api';
import { ApiError } from '@tsunagu/contract/envelope';
import { messages } from '@tsunagu/contract/messages';
import { ja } from '../../shared/i18n/ja';
import { rememberReturnUrl } from '../../shared/session/return-url';
import { endSession, getSession } from '../../shared/session/session-store';

// Audio goes over the wire as binary and multipart, which the JSON client does not speak; these requests
// carry the same credentials: the Bearer token, and the XSRF header on uploads.

function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Sends a request with the session's token (and, for a POST, the XSRF header); throws ApiError on failure. */
export async function sendWithSession(endpoint: Endpoint, url: string, body?: FormData): Promise<Response> {
  const token = getSession()?.token;
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const xsrf = endpoint.method === 'GET' ? null : xsrfToken();
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, ja.notice.network);
  }
  if (response.ok) return response;
  if (response.status === 401 && token) {
    rememberReturnUrl(window.location.pathname + window.location.search);
    endSession();
  }
  const envelope = (await response.json().catch(() => null)) as { msg?: unknown } | null;
  const msg = typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : messages.errorOccurred;
  throw new ApiError(response.status, msg);
}

/** The URL of an endpoint with a query string. */
export function urlWithQuery(endpoint: Endpoint, query: Record<string, string>): string {
  return `${apiPath(endpoint)}?${new URLSearchParams(query).toString()}`;
}
