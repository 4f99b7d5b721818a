import { ApiError } from '@tsunagu/contract/envelope';
import { endpoints } from '@tsunagu/contract/api';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../test/mock-api';
import { userInfoFixture } from '../../test/fixtures';
import { ja } from '../i18n/ja';
import { takeReturnUrl } from '../session/return-url';
import { getSession, startSession } from '../session/session-store';
import { callApi, fetchBlob, fetchData } from './client';

const userSave = {
  userUuid: '11111111-1111-4111-8111-111111111111',
  userCredentials: null,
  phoneType: 'phone' as const,
};

describe('callApi', () => {
  it('sends the bearer token, and the XSRF cookie as a header only on state-changing calls', async () => {
    startSession('tok-1', userInfoFixture());
    document.cookie = 'XSRF-TOKEN=xsrf%2Fvalue; path=/';
    const requests = mockApi({
      'GET /api/v1/user/info/yamada': () => envelope(200, '', { ok: true }),
      'POST /api/v1/user': () => envelope(200, '変更しました。'),
    });

    await fetchData(endpoints.userInfo, { params: { username: 'yamada' } });
    const { msg } = await callApi(endpoints.userSave, { body: userSave });

    expect(msg).toBe('変更しました。');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[1]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf/value');
    expect(requests[1]?.body).toEqual(userSave);
  });

  it('unwraps data and throws the server msg for a non-zero code', async () => {
    mockApi({
      'GET /api/v1/user/info/a': () => envelope(200, '', { userNm: 'A' }),
      'POST /api/v1/user': () =>
        new Response(JSON.stringify({ code: 1, msg: '保存できません。', data: null }), { status: 200 }),
    });
    await expect(fetchData(endpoints.userInfo, { params: { username: 'a' } })).resolves.toEqual({
      userNm: 'A',
    });
    await expect(callApi(endpoints.userSave, { body: userSave })).rejects.toMatchObject({
      status: 200,
      code: 1,
      message: '保存できません。',
    });
  });

  it('on 401 remembers the current URL and ends the session', async () => {
    startSession('tok-1', userInfoFixture());
    window.history.replaceState(null, '', '/pbx/extension?page=2');
    mockApi({ 'GET /api/v1/user/info/yamada': () => envelope(401, 'ログインしてください。') });

    const error = await fetchData(endpoints.userInfo, { params: { username: 'yamada' } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'ログインしてください。' });
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(takeReturnUrl('yamada')).toBe('/pbx/extension?page=2');
  });

  it('leaves the session alone for a 401 from the public login endpoint', async () => {
    startSession('tok-1', userInfoFixture());
    window.history.replaceState(null, '', '/login');
    mockApi({ 'POST /api/login': () => envelope(401, 'IDとパスワードを確認してください。') });

    await expect(callApi(endpoints.login, { body: { username: 'x', password: 'y' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()?.token).toBe('tok-1');
    expect(takeReturnUrl('yamada')).toBeNull();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchData(endpoints.userInfo, { params: { username: 'a' } })).rejects.toMatchObject({
      status: 0,
      message: ja.notice.network,
    });
  });
});

/** The RequestInit of the n-th call to the stubbed fetch. */
const sentInit = (n = 0) => vi.mocked(fetch).mock.calls[n]?.[1] ?? {};

describe('callApi with a FormData or file body', () => {
  it('sends a FormData as it is, leaving its multipart Content-Type to the browser', async () => {
    startSession('tok-1', userInfoFixture());
    document.cookie = 'XSRF-TOKEN=xsrf-2; path=/';
    const requests = mockApi({
      'POST /api/v1/recording/upload': () => envelope(200, '', { list: ['a'] }),
    });
    const form = new FormData();
    form.append('data', '{"recordingName":"x"}');
    form.append('file', new File([new Uint8Array(8)], 'a.wav'), 'a.wav');

    await expect(fetchData(endpoints.recordingUpload, { body: form })).resolves.toEqual({ list: ['a'] });

    expect(sentInit().body).toBe(form);
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-2');
  });

  it('sends a Blob as it is', async () => {
    mockApi({ 'POST /api/v1/recording/upload': () => envelope(200, '') });
    const file = new Blob(['RIFF'], { type: 'audio/wav' });
    await callApi(endpoints.recordingUpload, { body: file });
    expect(sentInit().body).toBe(file);
    expect(new Headers(sentInit().headers).get('Content-Type')).toBeNull();
  });

  it('throws the server msg of a refused upload', async () => {
    mockApi({
      'POST /api/v1/recording/upload': () => envelope(400, 'ファイルを選択してください。'),
    });
    await expect(callApi(endpoints.recordingUpload, { body: new FormData() })).rejects.toMatchObject({
      status: 400,
      message: 'ファイルを選択してください。',
    });
  });
});

describe('fetchBlob', () => {
  it('returns the answer as a Blob, sent with the bearer token and no XSRF header on a GET', async () => {
    startSession('tok-1', userInfoFixture());
    document.cookie = 'XSRF-TOKEN=xsrf-3; path=/';
    const requests = mockApi({
      'GET /api/v1/recording/playFile': () =>
        new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'audio/wav' } }),
    });

    const blob = await fetchBlob({
      ...endpoints.recordingPlay,
      path: '/v1/recording/playFile?fileName=a.wav',
    });

    expect(blob.type).toBe('audio/wav');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/v1/recording/playFile?fileName=a.wav');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(requests[0]?.headers.get('Accept')).toBe('*/*');
  });

  it('throws the envelope msg of a failed file request', async () => {
    mockApi({
      'GET /api/v1/recording/downloadFile': () =>
        envelope(403, '標準の音声ファイルは変更・削除・ダウンロードできません。'),
    });
    await expect(fetchBlob(endpoints.recordingDownload)).rejects.toMatchObject({
      status: 403,
      message: '標準の音声ファイルは変更・削除・ダウンロードできません。',
    });
  });

  it('on 401 remembers the current URL and ends the session', async () => {
    startSession('tok-1', userInfoFixture());
    window.history.replaceState(null, '', '/pbx/recording');
    mockApi({ 'GET /api/v1/recording/playFile': () => envelope(401, 'ログインしてください。') });

    await expect(fetchBlob(endpoints.recordingPlay)).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(takeReturnUrl('yamada')).toBe('/pbx/recording');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchBlob(endpoints.recordingPlay)).rejects.toMatchObject({
      status: 0,
      message: ja.notice.network,
    });
  });
});
