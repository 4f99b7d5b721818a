import { twoStepMessages } from '@tsunagu/contract/two-step';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenFor, userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const health = () => envelope(200, '', { status: 'ok', telephony: 'sandbox' });
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`.slice(0, 11));

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('ID'), username);
  await user.type(screen.getByLabelText('パスワード'), password);
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
  return user;
}

describe('login page: the second step', () => {
  it('asks for the code after the password, shows a wrong code’s message, and signs in with the right one', async () => {
    const token = tokenFor('admin');
    const requests = mockApi({
      'GET /api/health': health,
      'POST /api/login': () =>
        envelope(200, '', { username: 'admin', twoStep: { mode: 'verify', ticket: 'T1' } }),
      'POST /api/login/two-step': (request) =>
        (request.body as { code: string }).code === '123456'
          ? envelope(200, '', { username: 'admin' }, { Authorization: `Bearer ${token}` })
          : envelope(401, twoStepMessages.codeWrong),
      'GET /api/v1/user/info/admin': () => envelope(200, '', userInfoFixture()),
    });
    const { router } = renderApp('/login');
    const user = await signIn('admin', 'Admin#2026');

    const field = await screen.findByLabelText('確認コード');
    expect(screen.getByText(/認証アプリに表示されている6桁の確認コード/)).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: /確認してログイン/ }));
    expect(await screen.findByText(twoStepMessages.codeRequired)).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/login/two-step')).toHaveLength(0);

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: /確認してログイン/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(twoStepMessages.codeWrong);
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: /確認してログイン/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.filter((r) => r.path === '/api/login/two-step').map((r) => r.body)).toEqual([
      { ticket: 'T1', code: '654321' },
      { ticket: 'T1', code: '123456' },
    ]);
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it('leads a user who must use it through setting it up, then shows the recovery codes once', async () => {
    const token = tokenFor('sp');
    mockApi({
      'GET /api/health': health,
      'POST /api/login': () =>
        envelope(200, '', { username: 'sp', twoStep: { mode: 'setup', ticket: 'T2' } }),
      'POST /api/login/two-step/setup': () =>
        envelope(200, '', {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
      'POST /api/login/two-step': () =>
        envelope(200, '', { username: 'sp', recoveryCodes: codes }, { Authorization: `Bearer ${token}` }),
      'GET /api/v1/user/info/sp': () => envelope(200, '', userInfoFixture()),
    });
    const { router } = renderApp('/login');
    const user = await signIn('sp', 'Sp#Admin2026');

    expect(await screen.findByRole('img', { name: '認証アプリに登録するQRコード' })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await user.type(screen.getByLabelText('確認コード'), '123456');
    await user.click(screen.getByRole('button', { name: /設定してログイン/ }));

    const list = await screen.findByRole('list', { name: 'リカバリーコード' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    // The loading icon's leave animation keeps its label in the button's name for a moment, hence the patterns.
    // Signed in, but the codes stay until the user says they are kept.
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: '保管しました。続ける' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('goes back to the ID and password', async () => {
    mockApi({
      'GET /api/health': health,
      'POST /api/login': () =>
        envelope(200, '', { username: 'admin', twoStep: { mode: 'verify', ticket: 'T3' } }),
    });
    renderApp('/login');
    const user = await signIn('admin', 'Admin#2026');
    await user.click(await screen.findByRole('button', { name: 'IDとパスワードの入力に戻る' }));
    expect(await screen.findByLabelText('パスワード')).toBeTruthy();
  });
});
