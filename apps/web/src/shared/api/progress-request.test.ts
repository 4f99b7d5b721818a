import { endpoints } from '@tsunagu/contract/api';
import { ApiError } from '@tsunagu/contract/envelope';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { startSession } from '../session/session-store';
import { readProgressLines, sendWithProgress, type CallProgress } from './progress-request';

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const progress = (step: 'check' | 'write', done: number, total: number) =>
  line({ progress: { step, done, total } });
const result = { counts: { total: 2, new: 2, updated: 0, skipped: 0, refused: 0 }, refused: [] };

/**
 * A stand-in for XMLHttpRequest that plays a scripted exchange: upload events, then the answer arriving in
 * pieces (each firing `progress`), then `load`.
 */
class ScriptedRequest {
  static script: (xhr: ScriptedRequest) => void = () => undefined;
  static last: ScriptedRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  responseType = 'ndjson';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? `application/x-${this.responseType}; charset=utf-8` : null;
  }
  send() {
    ScriptedRequest.last = this;
    queueMicrotask(() => ScriptedRequest.script(this));
  }
  abort() {
    this.onabort?.();
  }
  arrive(text: string) {
    this.responseText += text;
    this.onprogress?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

function run(script: (xhr: ScriptedRequest) => void) {
  ScriptedRequest.script = script;
  vi.stubGlobal('XMLHttpRequest', ScriptedRequest);
  startSession('tok-1', userInfoFixture());
  document.cookie = 'XSRF-TOKEN=xsrf; path=/';
  const seen: CallProgress[] = [];
  const answer = sendWithProgress(endpoints.customerImportCommit, { body: new FormData() }, (p) =>
    seen.push(p),
  );
  return { answer, seen };
}

describe('a call with progress', () => {
  it('reads complete lines only, leaving a line cut in two for the next read', () => {
    const text = progress('check', 0, 10) + progress('check', 10, 10) + '{"code":0,';
    const first = readProgressLines(text, 0);
    expect(first.progress).toEqual([
      { step: 'check', done: 0, total: 10 },
      { step: 'check', done: 10, total: 10 },
    ]);
    expect(first.envelope).toBeUndefined();
    const rest = readProgressLines(`${text}"msg":"","data":null}\n`, first.next);
    expect(rest).toMatchObject({ progress: [], envelope: { code: 0, data: null } });
  });

  it('reports the upload, then each line as it arrives, and resolves with the last line’s data', async () => {
    const { answer, seen } = run((xhr) => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 1024 });
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 1024 });
      xhr.status = 200;
      xhr.arrive(progress('check', 0, 2) + progress('check', 2, 2) + progress('write', 1, 2).slice(0, 10));
      xhr.arrive(progress('write', 1, 2).slice(10) + progress('write', 2, 2));
      xhr.arrive(line({ code: 0, msg: '', data: result }));
      xhr.onload?.();
    });
    await expect(answer).resolves.toEqual(result);
    expect(seen).toEqual([
      { step: 'upload', done: 512, total: 1024 },
      { step: 'upload', done: 1024, total: 1024 },
      { step: 'check', done: 0, total: 2 },
      { step: 'check', done: 2, total: 2 },
      { step: 'write', done: 1, total: 2 },
      { step: 'write', done: 2, total: 2 },
    ]);
    const sent = ScriptedRequest.last!;
    expect([sent.method, sent.url]).toEqual(['POST', '/api/v1/customer/import/commit']);
    expect(sent.headers).toMatchObject({
      accept: 'application/x-ndjson',
      authorization: 'Bearer tok-1',
      'x-xsrf-token': 'xsrf',
    });
  });

  it('throws the failure the last line carries (the work was rolled back)', async () => {
    const { answer } = run((xhr) => {
      xhr.status = 200;
      xhr.arrive(progress('write', 500, 900) + line({ code: 500, msg: 'サーバーでエラー', data: null }));
      xhr.onload?.();
    });
    await expect(answer).rejects.toEqual(new ApiError(500, 'サーバーでエラー', 500));
  });

  it('throws an HTTP error with its message', async () => {
    const { answer } = run((xhr) => {
      xhr.status = 403;
      xhr.responseType = 'json';
      xhr.responseText = JSON.stringify({ code: 403, msg: '権限がありません。', data: null });
      xhr.onload?.();
    });
    await expect(answer).rejects.toMatchObject({ status: 403, message: '権限がありません。' });
  });
});
