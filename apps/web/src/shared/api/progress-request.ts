import { ApiError } from '@tsunagu/contract/envelope';
import { apiPath, type Endpoint, type ResponseData } from '@tsunagu/contract/endpoints/define';
import { messages } from '@tsunagu/contract/messages';
import { PROGRESS_CONTENT_TYPE, progressLineSchema, type Progress } from '@tsunagu/contract/progress';
import { ja } from '../i18n/ja';
import { credentials, failureOf, type CallOptions } from './client';

/** How far a call is: the upload's bytes, then the server's own steps (contract progress.ts). */
export type CallProgress = Progress | { step: 'upload'; done: number; total: number };

/**
 * Splits the complete lines of a progress answer received so far into its progress and its envelope (the
 * last line, once there); `from` is where the previous read stopped, returned as `next`.
 */
export function readProgressLines(
  text: string,
  from: number,
): { progress: Progress[]; envelope: unknown; next: number } {
  const progress: Progress[] = [];
  let envelope: unknown;
  let next = from;
  for (let end = text.indexOf('\n', next); end !== -1; end = text.indexOf('\n', next)) {
    const value = JSON.parse(text.slice(next, end)) as unknown;
    const line = progressLineSchema.safeParse(value);
    if (line.success) progress.push(line.data.progress);
    else envelope = value;
    next = end + 1;
  }
  return { progress, envelope, next };
}

/**
 * Calls an endpoint declared with `progress: true`, telling `onProgress` how much of the body is uploaded
 * and then how far the server's work is, and resolves with the envelope's data as fetchData does (an error,
 * an HTTP one or one on the answer's last line, throws ApiError). XMLHttpRequest, because fetch reports no
 * upload progress.
 */
export function sendWithProgress<E extends Endpoint & { progress: true }>(
  endpoint: E,
  options: CallOptions<E>,
  onProgress: (progress: CallProgress) => void,
): Promise<ResponseData<E>> {
  const { headers, sessionToken } = credentials(endpoint, options, PROGRESS_CONTENT_TYPE);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const params = options.params as Record<string, string> | undefined;
    xhr.open(
      endpoint.method,
      apiPath(endpoint, params, options.query as Record<string, unknown> | undefined),
    );
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    let read = 0;
    let envelope: unknown;
    const readLines = () => {
      if (!(xhr.getResponseHeader('content-type') ?? '').includes(PROGRESS_CONTENT_TYPE)) return;
      const lines = readProgressLines(xhr.responseText, read);
      read = lines.next;
      lines.progress.forEach(onProgress);
      envelope = lines.envelope ?? envelope;
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ step: 'upload', done: event.loaded, total: event.total });
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        let body: unknown = xhr.responseText;
        try {
          body = JSON.parse(xhr.responseText) as unknown;
        } catch {
          // not an envelope: the status text is the message
        }
        return reject(failureOf(endpoint, xhr.status, xhr.statusText, body, sessionToken));
      }
      readLines();
      const answer = envelope as { code?: number; msg?: string; data?: unknown } | undefined;
      if (answer?.code === 0) return resolve(answer.data as ResponseData<E>);
      const code = answer?.code ?? 500;
      reject(new ApiError(code, answer?.msg || messages.errorOccurred, code));
    };
    xhr.onerror = () => reject(new ApiError(0, ja.notice.network));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send((options.body as FormData | Blob | undefined) ?? null);
  });
}
