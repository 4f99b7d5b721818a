import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, startSession } from '../../shared/session/session-store';
import { patchShellState } from '../../shared/shell-state/shell-state';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import type * as AppHeaderModule from './app-header';
import type * as SidePanelModule from './side-panel';

// Alerts are antd's static dialogs, outside the rendered tree: none may hold the focus of the next test.
afterEach(() => Modal.destroyAll());

// How often the side panel (with the softphone) and the header rendered: a ring's navigation to the
// record must not render them again (react-router keeps the layout's element; nothing in it may read the address).
const renders = vi.hoisted(() => ({ panel: 0, header: 0 }));
vi.mock('./side-panel', async (importOriginal) => {
  const actual = await importOriginal<typeof SidePanelModule>();
  return {
    ...actual,
    SidePanel: (props: Parameters<typeof actual.SidePanel>[0]) => {
      renders.panel++;
      return actual.SidePanel(props);
    },
  };
});
vi.mock('./app-header', async (importOriginal) => {
  const actual = await importOriginal<typeof AppHeaderModule>();
  return {
    ...actual,
    AppHeader: (props: Parameters<typeof actual.AppHeader>[0]) => {
      renders.header++;
      return actual.AppHeader(props);
    },
  };
});

const sandbox = () => envelope(200, '', { status: 'ok', telephony: 'sandbox', demo: false });

async function openShell(path = '/dashboard', phoneType: 'verto' | 'phone' = 'verto') {
  startSession('tok-1', userInfoFixture({ phoneType }));
  const view = renderApp(path);
  // The home screen: the user's own figures come first (the first test also loads its lazy chunk).
  await screen.findByRole('region', { name: 'あなたの今日' }, { timeout: 15_000 });
  return view;
}

// First: no earlier test's background requests may still be failing (their alerts would take the focus).
describe('shell accessibility (issue 17)', () => {
  it('has 「メインコンテンツへスキップ」 as the first Tab stop, moving focus to the page', async () => {
    mockApi({ 'GET /api/health': sandbox });
    // A page without background reads of its own (the help page): only the keyboard path is tested here.
    startSession('tok-1', userInfoFixture());
    renderApp('/help');
    await screen.findByText('使用中のものを削除するとき');
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'メインコンテンツへスキップ' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').textContent).toContain('使用中のものを削除するとき');
  });

  it('names the logo link and the user menu with the text they show', async () => {
    mockApi({ 'GET /api/health': sandbox });
    await openShell();
    const home = screen.getByRole('link', { name: 'つなぐ ホームへ' });
    expect(home.textContent).toBe('つなぐ');
    const userButton = screen.getByRole('button', { name: '山田 太郎 ユーザーメニュー' });
    // axe's label-content-name-mismatch: the name contains all the button's visible text.
    expect(userButton.getAttribute('aria-label')).toContain(userButton.textContent);
  });
});

describe('shell on navigation (issue 19)', () => {
  it('renders the page again, not the side panel nor the header, when the address changes', async () => {
    mockApi({ 'GET /api/health': sandbox });
    startSession('tok-1', userInfoFixture());
    const { router } = renderApp('/help');
    await screen.findByText('使用中のものを削除するとき');
    expect(renders.panel).toBeGreaterThan(0);
    expect(renders.header).toBeGreaterThan(0);
    const before = { ...renders };
    await act(() => router.navigate('/help?from=ring'));
    expect(router.state.location.search).toBe('?from=ring');
    expect(renders).toEqual(before);
  });
});

describe('shell header', () => {
  it('shows the tenant, the sandbox label, the user with initials, and HELP', async () => {
    mockApi({ 'GET /api/health': sandbox });
    await openShell();
    expect(screen.getByText('サンプル株式会社')).toBeTruthy();
    expect(await screen.findByText('サンドボックス')).toBeTruthy();
    const userButton = screen.getByRole('button', { name: '山田 太郎 ユーザーメニュー' });
    expect(screen.getByText('山太')).toBeTruthy();
    expect(within(userButton).getByText('山田 太郎')).toBeTruthy();
    expect(screen.getByRole('link', { name: /HELP/ }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: 'つなぐ ホームへ' }).getAttribute('href')).toBe('/dashboard');
  });

  it('has no sandbox label on a real exchange', async () => {
    mockApi({
      'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'freeswitch', demo: false }),
    });
    await openShell();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText('サンドボックス')).toBeNull();
  });

  it('saves the phone type, updates the stored user and hides the softphone tab', async () => {
    const requests = mockApi({
      'GET /api/health': sandbox,
      'POST /api/v1/user': () => envelope(200, '変更しました。'),
    });
    await openShell();
    expect(screen.getByRole('tab', { name: '電話' })).toBeTruthy();

    await userEvent.setup().click(screen.getByText('電話機'));

    expect(await screen.findByText('変更しました。')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/v1/user')?.body).toEqual({
      userUuid: userInfoFixture().user.userUuid,
      userCredentials: null,
      phoneType: 'phone',
    });
    expect(screen.queryByRole('tab', { name: '電話' })).toBeNull();
    expect(getSession()?.user.user.phoneType).toBe('phone');
    expect(JSON.parse(sessionStorage.getItem('user_info') ?? '{}').user.phoneType).toBe('phone');
  });

  it('alerts with the server message when the save fails', async () => {
    mockApi({
      'GET /api/health': sandbox,
      'POST /api/v1/user': () => envelope(500, 'サーバーでエラーが発生しました。'),
    });
    await openShell();
    await userEvent.setup().click(screen.getByText('電話機'));
    // The save's own alert (another, from an earlier test, may still be fading out).
    const dialog = await waitFor(() => {
      const found = screen
        .getAllByRole('dialog')
        .find((d) => d.textContent?.includes('サーバーでエラーが発生しました。'));
      if (!found) throw new Error('no alert yet');
      return found;
    });
    expect(dialog.textContent).toContain('お知らせ');
    expect(dialog.textContent).toContain('エラーが発生しました.');
    expect(dialog.textContent).toContain('サーバーでエラーが発生しました。');
    expect(getSession()?.user.user.phoneType).toBe('verto');
  });

  it('shows recall and chat badges only with a count, and hang-up only during a call', async () => {
    mockApi({ 'GET /api/health': sandbox });
    const { router } = await openShell();
    expect(screen.queryByText(/リコール/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^チャット/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /切断/ })).toBeNull();

    const hangUp = vi.fn();
    act(() => patchShellState({ recallCnt: 3, chatCnt: 2, currentCall: { number: '0312345678', hangUp } }));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /切断/ }));
    expect(hangUp).toHaveBeenCalledOnce();
    expect(screen.getByText('通話中 0312345678')).toBeTruthy();
    // While the far end still rings the header says so, not 通話中.
    act(() => patchShellState({ currentCall: { number: '0312345678', status: '呼出中', hangUp } }));
    expect(screen.getByText('呼出中 0312345678')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'チャット 未読2件' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('チャット');
    expect(screen.queryByRole('button', { name: /^チャット/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'リコール 3' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/management/recall'));
  });

  it('logs out: revokes the token, clears the session and shows /login', async () => {
    const requests = mockApi({
      'GET /api/health': sandbox,
      'GET /api/v1/log/success': () => envelope(200, ''),
      'GET /api/logout': () => envelope(200, ''),
    });
    const { router } = await openShell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /ユーザーメニュー/ }));
    await user.click(await screen.findByText('ログアウト'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/logout')).toBe(true));
    // Spec 7: the logout is logged first, while the token still works.
    const paths = requests
      .map((r) => r.path)
      .filter((p) => p === '/api/v1/log/success' || p === '/api/logout');
    expect(paths).toEqual(['/api/v1/log/success', '/api/logout']);
    expect(requests.find((r) => r.path === '/api/v1/log/success')?.headers.get('Authorization')).toBe(
      'Bearer tok-1',
    );
    expect(requests.find((r) => r.path === '/api/logout')?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('user_info')).toBeNull();
    expect(sessionStorage.getItem('return_url')).toBeNull();
  });
});
