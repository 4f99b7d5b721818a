import type { SpUser } from '@tsunagu/contract/tenant-admin';
import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { alertMessage, findLastButton, renderScreen, rowWith } from '../../shared/ui/testing/render-screen';
import { SpUsersPage } from './sp-users-page';

const SP: SpUser = {
  userUuid: '55555555-5555-4555-8555-555555555555',
  username: 'sp',
  userNm: 'プロバイダ 管理者',
  enabled: true,
  createdAt: '2026-11-01T00:00:00Z',
  lastLoginAt: null,
};

describe('SpUsersPage', { timeout: 60_000 }, () => {
  it('creates a provider user and shows the generated password once', async () => {
    const requests = mockApi({
      'GET /api/v1/spUser/list': () => envelope(200, '', [SP]),
      'POST /api/v1/spUser': () => envelope(200, '', { userUuid: SP.userUuid, password: 'New#Pass2026x' }),
    });
    renderScreen(<SpUsersPage />, userInfoFixture({ userClass: 'SP', id: 'sp' }));
    expect(await screen.findByText('プロバイダ 管理者')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新規作成' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/ログインID/), 'x');
    await userEvent.type(within(dialog).getByLabelText(/氏名/), '運用');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await alertMessage()).toBe(tenantMessages.loginId);
    await userEvent.click(await findLastButton('OK'));
    await userEvent.type(within(dialog).getByLabelText(/ログインID/), '-ops');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('New#Pass2026x')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      username: 'x-ops',
      userNm: '運用',
      enabled: true,
    });
  });

  it('shows the server’s refusal of the last enabled provider', async () => {
    mockApi({
      'GET /api/v1/spUser/list': () => envelope(200, '', [SP]),
      [`POST /api/v1/spUser/${SP.userUuid}/disable`]: () => envelope(409, tenantMessages.lastProvider),
    });
    renderScreen(<SpUsersPage />, userInfoFixture({ userClass: 'SP', id: 'sp' }));
    await screen.findByText('プロバイダ 管理者');
    await userEvent.click(within(rowWith('sp')).getByRole('button', { name: '無効化' }));
    await userEvent.click(await findLastButton('はい'));
    expect(await alertMessage()).toBe(tenantMessages.lastProvider);
  });
});
