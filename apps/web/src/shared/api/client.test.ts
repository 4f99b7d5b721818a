import { ApiError } from '@tsunagu/contract/envelope';
import { endpoints } from '@tsunagu/contract/api';
import { describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../../test/mock-api';
import { userInfoFixture } from '../../test/fixtures';
import { ja } from '../i18n/ja';
import { takeReturnUrl } from '../session/return-url';
import { getSession, startSession } from '../session/session-store';
import { callApi, fetchData } from './client';

const userSave = {
  userUuid: '11111111-1111-4111-8111-111111111111',
  userCredentials: null,
  phoneType: 'phone',
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
    expect(takeReturnUrl()).toBe('/pbx/extension?page=2');
  });

  it('leaves the session alone for a 401 from the public login endpoint', async () => {
    startSession('tok-1', userInfoFixture());
    window.history.replaceState(null, '', '/login');
    mockApi({ 'POST /api/login': () => envelope(401, 'IDとパスワードを確認してください。') });

    await expect(callApi(endpoints.login, { body: { username: 'x', password: 'y' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()?.token).toBe('tok-1');
    expect(takeReturnUrl()).toBeNull();
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchData(endpoints.userInfo, { params: { username: 'a' } })).rejects.toMatchObject({
      status: 0,
      message: ja.notice.network,
    });
  });
});
