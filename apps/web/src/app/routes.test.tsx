import { menuConfig } from '@tsunagu/contract/menu';
import { messages } from '@tsunagu/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../shared/session/session-store';
import { tokenFor, userInfoFixture } from '../test/fixtures';
import { envelope, mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';

const health = () => envelope(200, '', { status: 'ok', telephony: 'sandbox' });

function signInApi(username: string) {
  return {
    'GET /api/health': health,
    'POST /api/login': () =>
      envelope(200, '', { username }, { Authorization: `Bearer ${tokenFor(username)}` }),
    [`GET /api/v1/user/info/${username}`]: () => envelope(200, '', userInfoFixture({ id: username })),
  };
}

async function signIn(username: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('ID'), username);
  await user.type(screen.getByLabelText('パスワード'), 'Admin#2026');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('routes', () => {
  it('sends a signed-out deep link to /login and back there after sign-in', async () => {
    mockApi(signInApi('admin'));
    const { router } = renderApp('/analy/line?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await signIn('admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/analy/line'));
    expect(router.state.location.search).toBe('?tab=1');
    expect(await screen.findByText('この画面は現在準備中です。')).toBeTruthy();
  });

  it("redirects '' to /dashboard and unknown paths to /dashboard", async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture());
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/no/such/screen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('gives every screen its title and says plainly that it is not built yet', async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture());
    renderApp('/system/layout');
    expect(await screen.findByText('この画面は現在準備中です。')).toBeTruthy();
    expect(screen.getByText('顧客画面レイアウト設定', { selector: '.ant-result-title' })).toBeTruthy();
    expect(document.title).toBe('顧客画面レイアウト設定 | つなぐ');
  });

  it('refuses a screen the user menu hides', async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture({ userClass: 'staff', menu: menuConfig([4100]) }));
    const { router } = renderApp('/analy/line');
    expect(await screen.findByText('この画面を表示する権限がありません。')).toBeTruthy();
    await router.navigate('/system/layout');
    expect(await screen.findByText('この画面は現在準備中です。')).toBeTruthy();
  });

  it('opens the customer record and recall routes', async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture());
    const { router } = renderApp('/cust/management/0312345678');
    expect(await screen.findByText('顧客情報 0312345678')).toBeTruthy();
    await router.navigate('/cust/management/recall');
    expect(await screen.findByText('リコール', { selector: '.ant-result-title' })).toBeTruthy();
  });

  it('on a 401 remembers the page, shows /login, and returns there after sign-in', async () => {
    const requests = mockApi({
      ...signInApi('yamada'),
      'POST /api/v1/user': () => envelope(401, messages.sessionExpired),
    });
    startSession('expired', userInfoFixture());
    const { router } = renderApp('/pbx/ivr');
    await userEvent.setup().click(await screen.findByText('電話機'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(requests.some((r) => r.path === '/api/v1/user')).toBe(true);

    await signIn('yamada');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pbx/ivr'));
  });
});
