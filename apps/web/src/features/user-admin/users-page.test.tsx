import type { ManagedUser } from '@tsunagu/contract/admin/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { findLastButton, renderScreen, rowWith } from '../../shared/ui/testing/render-screen';
import { UsersPage } from './users-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';
const ME = '11111111-1111-4111-8111-111111111111';
const SUZUKI = '33333333-3333-4333-8333-333333333333';

const user = (
  userUuid: string,
  id: string,
  userNm: string,
  changes: Partial<ManagedUser> = {},
): ManagedUser => ({
  userUuid,
  id,
  userNm,
  userKana: '',
  email: '',
  userClass: 'USER',
  phoneType: 'verto',
  userPopup: true,
  extensionUuid: null,
  extension: null,
  groups: [],
  enabled: true,
  loginCnt: 0,
  lastSignInAt: null,
  mustChangePassword: false,
  menu: '[]',
  ...changes,
});
const page = {
  content: [
    user(ME, 'admin', '管理者', { userClass: 'CP', loginCnt: 1 }),
    user(SUZUKI, 'suzuki', '鈴木 花子', { enabled: false, groups: [{ commUuid: 'g', commName: '営業部' }] }),
  ],
  totalElements: 2,
  number: 0,
  size: 20,
};

/** The button around a label (role queries over a wide antd table are slow in jsdom). */
const button = (label: HTMLElement) => label.closest('button') as HTMLButtonElement;

function show() {
  const router = createMemoryRouter([{ path: '/system/user', element: <UsersPage /> }], {
    initialEntries: ['/system/user'],
  });
  renderScreen(<RouterProvider router={router} />, userInfoFixture({ userUuid: ME, userClass: 'CP' }));
}

// Dialog round trips in jsdom are slow on a busy machine.
describe('UsersPage', { timeout: 60_000 }, () => {
  it('lists the tenant’s users with class, groups, state and online; no sign-out or delete of oneself', async () => {
    mockApi({ [`GET /api/v1/user/list/${DOMAIN}`]: () => envelope(200, '', page) });
    show();
    await screen.findByText('鈴木 花子');
    const suzuki = rowWith('鈴木 花子');
    expect(within(suzuki).getByText('営業部')).toBeTruthy();
    expect(within(suzuki).getByText('利用停止')).toBeTruthy();
    expect(within(rowWith('admin')).getByText('オンライン（1）')).toBeTruthy();
    const mine = rowWith('admin');
    expect(button(within(mine).getByText('削除')).disabled).toBe(true);
    expect(button(within(mine).getByText('強制サインアウト')).disabled).toBe(true);
    // The presence groups' tab (the text is also the list's column title).
    expect(screen.getAllByText('プレゼンスグループ').some((text) => text.closest('[role="tab"]'))).toBe(true);
  });

  it('resets a password after confirmation and shows the new one once', async () => {
    const requests = mockApi({
      [`GET /api/v1/user/list/${DOMAIN}`]: () => envelope(200, '', page),
      [`POST /api/v1/user/resetPassword/${SUZUKI}`]: () => envelope(200, '', { password: 'New#Pass12345' }),
    });
    show();
    await screen.findByText('鈴木 花子');
    await userEvent.click(button(within(rowWith('鈴木 花子')).getByText('パスワード再発行')));
    await userEvent.click(await findLastButton('はい'));
    const shown = await screen.findByRole('textbox', { name: 'パスワード' });
    expect((shown as HTMLInputElement).value).toBe('New#Pass12345');
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith(SUZUKI))).toBe(true);
  });

  it('deletes only after confirmation', async () => {
    const requests = mockApi({
      [`GET /api/v1/user/list/${DOMAIN}`]: () => envelope(200, '', page),
      [`DELETE /api/v1/user/${SUZUKI}`]: () => envelope(200, '', null),
    });
    show();
    await screen.findByText('鈴木 花子');
    await userEvent.click(button(within(rowWith('鈴木 花子')).getByText('削除')));
    await userEvent.click(await findLastButton('いいえ'));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(button(within(rowWith('鈴木 花子')).getByText('削除')));
    await userEvent.click(await findLastButton('はい'));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith(SUZUKI))).toBe(true),
    );
  });
});
