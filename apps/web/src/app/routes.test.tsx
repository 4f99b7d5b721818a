import { DEFAULT_LAYOUT } from '@tsunagu/contract/crm/layout';
import { MENU, menuConfig, walk, type MenuItem } from '@tsunagu/contract/menu';
import { canAccess } from '@tsunagu/contract/permissions';
import { messages } from '@tsunagu/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../shared/session/session-store';
import { tokenFor, userInfoFixture } from '../test/fixtures';
import { envelope, mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { screens } from './screens';

/** The menu's screens no feature has registered (they would show "coming soon"). */
function placeholders(): MenuItem[] {
  const built = new Set(screens.map((screen) => screen.path));
  const found: MenuItem[] = [];
  walk(MENU, (item) => {
    if (item.path && !item.children && !built.has(item.path)) found.push(item);
  });
  return found;
}

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
  it('leads every menu item to a real screen', () => {
    expect(placeholders().map((item) => item.path)).toEqual([]);
  });

  it('sends a signed-out deep link to /login and back there after sign-in', async () => {
    mockApi(signInApi('admin'));
    const { router } = renderApp('/analy/status?from=2026-11-01&to=2026-11-30');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await signIn('admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/analy/status'));
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('ステータス分析', { selector: 'h5' })).toBeTruthy();
  });

  it("redirects '' to /dashboard and unknown paths to /dashboard", async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture());
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate('/no/such/screen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('gives every screen its title from the menu', async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture());
    renderApp('/analy/status');
    await waitFor(() => expect(document.title).toBe('ステータス分析 | つなぐ'));
  });

  it('refuses a screen the user menu hides, and shows one it does not', async () => {
    mockApi({ 'GET /api/health': health });
    const staff = { userClass: 'staff', menu: menuConfig([4300]) };
    expect(canAccess(staff, 4100)).toBe(true);
    startSession('tok', userInfoFixture(staff));
    const { router } = renderApp('/analy/status');
    expect(await screen.findByText('この画面を表示する権限がありません。')).toBeTruthy();
    await router.navigate('/analy/line');
    await waitFor(() => expect(screen.queryByText('この画面を表示する権限がありません。')).toBeNull());
    expect(document.title).toBe('発着信分析 | つなぐ');
  });

  it('hides the call history from a user whose menu hides it: no menu item, the screen refused', async () => {
    mockApi({ 'GET /api/health': health });
    startSession('tok', userInfoFixture({ userClass: 'staff', menu: menuConfig([2200]) }));
    renderApp('/cust/cdr');
    expect(await screen.findByText('この画面を表示する権限がありません。')).toBeTruthy();
    const menu = within(screen.getByRole('navigation', { name: 'メインメニュー' }));
    expect(menu.getByRole('link', { name: '取引先情報管理' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: '通話履歴' })).toBeNull();
  });

  it('opens the customer record and recall routes', async () => {
    const { domainUuid } = userInfoFixture().user;
    mockApi({
      'GET /api/health': health,
      [`GET /api/v1/recall/${domainUuid}`]: () =>
        envelope(200, '', { content: [], totalElements: 0, number: 0, size: 20 }),
      [`GET /api/v1/customer/number/${domainUuid}/0312345678`]: () =>
        envelope(200, '', { number: '0312345678', customer: null, timeline: [] }),
      [`GET /api/v1/layout/${domainUuid}`]: () => envelope(200, '', { layout: DEFAULT_LAYOUT, version: 0 }),
      [`GET /api/v1/customer/owners/${domainUuid}`]: () => envelope(200, '', []),
    });
    startSession('tok', userInfoFixture());
    const { router } = renderApp('/cust/management/0312345678');
    expect(await screen.findByText('顧客情報 03-1234-5678')).toBeTruthy();
    await router.navigate('/cust/management/recall');
    expect(await screen.findByText('リコール', { selector: 'h5' })).toBeTruthy();
    expect(document.title).toBe('リコール | つなぐ');
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
