import { messages } from '@tsunagu/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenFor, userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { endSession, getSession } from '../../shared/session/session-store';

const health = () => envelope(200, '', { status: 'ok', telephony: 'sandbox' });

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('ID'), username);
  await user.type(screen.getByLabelText('パスワード'), password);
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
}

describe('login page', () => {
  it('requires ID and password, with the contract messages, before calling the server', async () => {
    const requests = mockApi({ 'GET /api/health': health });
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'ログイン' }));

    expect(await screen.findByText(messages.required('ID'))).toBeTruthy();
    expect(screen.getByText(messages.required('パスワード'))).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/login')).toHaveLength(0);
    expect(document.title).toBe('ログイン | つなぐ');
  });

  it('checks again as the user types once a submit failed: a filled field loses its message', async () => {
    mockApi({ 'GET /api/health': health });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ログイン' }));
    await screen.findByText(messages.required('ID'));

    await user.type(screen.getByLabelText('ID'), 'yamada');
    expect(screen.queryByText(messages.required('ID'))).toBeNull();
    expect(screen.getByText(messages.required('パスワード'))).toBeTruthy();
    expect(screen.getByLabelText('ID').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('パスワード').getAttribute('aria-invalid')).toBe('true');
  });

  it('says who ended the previous session after a forced sign-out, until the next sign-in', async () => {
    mockApi({ 'GET /api/health': health });
    endSession('管理者（管理 太郎）によって強制ログアウトされました。');
    renderApp('/login');
    expect((await screen.findByRole('status')).textContent).toContain(
      '管理者（管理 太郎）によって強制ログアウトされました。',
    );
  });

  it("shows 'sesion-max' as the user-already-in-use message", async () => {
    mockApi({ 'GET /api/health': health, 'POST /api/login': () => envelope(409, messages.sessionMax) });
    renderApp('/login');
    await signIn('yamada', 'Staff#2026');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.sessionMaxShown);
  });

  it('offers to end the oldest session on sesion-max, and signs in with it when chosen', async () => {
    const token = tokenFor('yamada');
    const requests = mockApi({
      'GET /api/health': health,
      'POST /api/login': (request) =>
        (request.body as { endOldestSession?: boolean }).endOldestSession
          ? envelope(200, '', { username: 'yamada' }, { Authorization: `Bearer ${token}` })
          : envelope(409, messages.sessionMax),
      'GET /api/v1/user/info/yamada': () => envelope(200, '', userInfoFixture()),
    });
    const { router } = renderApp('/login');
    await signIn('yamada', 'Staff#2026');
    // Declining (doing nothing) leaves the spec's message.
    expect((await screen.findByRole('alert')).textContent).toContain(messages.sessionMaxShown);
    expect(requests.filter((r) => r.path === '/api/login')).toHaveLength(1);

    await userEvent.setup().click(screen.getByRole('button', { name: messages.endOldestSession }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.filter((r) => r.path === '/api/login').map((r) => r.body)).toEqual([
      { username: 'yamada', password: 'Staff#2026' },
      { username: 'yamada', password: 'Staff#2026', endOldestSession: true },
    ]);
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it('offers to end a session only for sesion-max', async () => {
    mockApi({ 'GET /api/health': health, 'POST /api/login': () => envelope(401, messages.loginFailed) });
    renderApp('/login');
    await signIn('yamada', 'wrong');
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: messages.endOldestSession })).toBeNull();
  });

  it('shows the ID/password message for a wrong password, and keeps no token', async () => {
    mockApi({ 'GET /api/health': health, 'POST /api/login': () => envelope(401, messages.loginFailed) });
    renderApp('/login');
    await signIn('yamada', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.loginFailed);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it("shows the server's message when there were too many attempts", async () => {
    mockApi({ 'GET /api/health': health, 'POST /api/login': () => envelope(429, messages.tooManyAttempts) });
    renderApp('/login');
    await signIn('yamada', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.tooManyAttempts);
  });

  it('drops the token when the user info cannot be fetched', async () => {
    mockApi({
      'GET /api/health': health,
      'POST /api/login': () =>
        envelope(200, '', { username: 'yamada' }, { Authorization: `Bearer ${tokenFor('yamada')}` }),
      'GET /api/v1/user/info/yamada': () => envelope(500, messages.serverError),
    });
    renderApp('/login');
    await signIn('yamada', 'Staff#2026');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.loginFailed);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getSession()).toBeNull();
  });

  it("signs in with the token's subject and opens /dashboard", async () => {
    const token = tokenFor('yamada');
    const requests = mockApi({
      'GET /api/health': health,
      'POST /api/login': () =>
        envelope(200, '', { username: 'yamada' }, { Authorization: `Bearer ${token}` }),
      'GET /api/v1/user/info/yamada': () => envelope(200, '', userInfoFixture()),
    });
    const { router } = renderApp('/login');
    await signIn(' yamada ', 'Staff#2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.path === '/api/login')?.body).toEqual({
      username: 'yamada',
      password: 'Staff#2026',
    });
    expect(requests.find((r) => r.path === '/api/v1/user/info/yamada')?.headers.get('Authorization')).toBe(
      `Bearer ${token}`,
    );
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(JSON.parse(sessionStorage.getItem('user_info') ?? 'null')).toEqual(userInfoFixture());
    expect(await screen.findByRole('region', { name: 'あなたの今日' })).toBeTruthy();
  });

  it('lists the demo sign-ins only when the server runs with demo data', async () => {
    mockApi({
      'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'sandbox', demo: true }),
    });
    renderApp('/login');
    await userEvent.setup().click(await screen.findByText('デモ用アカウント'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'tanaka' }));
    expect((screen.getByLabelText('ID') as HTMLInputElement).value).toBe('tanaka');
    expect((screen.getByLabelText('パスワード') as HTMLInputElement).value).toBe('Staff#2026');
  });

  it('hides the demo sign-ins on a production install', async () => {
    mockApi({ 'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'freeswitch' }) });
    renderApp('/login');
    await screen.findByRole('button', { name: 'ログイン' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('デモ用アカウント')).toBeNull();
  });
});
