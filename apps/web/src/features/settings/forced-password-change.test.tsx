import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, useUserInfo } from '../../shared/session/session-store';
import { renderScreen } from '../../shared/ui/testing/render-screen';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { ForcedPasswordChange } from './forced-password-change';

function Host() {
  return <ForcedPasswordChange user={useUserInfo().user} />;
}

describe('ForcedPasswordChange', { timeout: 60_000 }, () => {
  it('shows nothing unless the administrator asked for a new password', () => {
    renderScreen(<Host />, userInfoFixture());
    expect(screen.queryByText('パスワードの変更が必要です')).toBeNull();
  });

  it('blocks the console until the password is changed', async () => {
    const requests = mockApi({ 'POST /api/v1/user': () => envelope(200, '変更しました。') });
    renderScreen(<Host />, userInfoFixture({ mustChangePassword: true }));
    expect(await screen.findByText('パスワードの変更が必要です')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /close|閉じる/i })).toBeNull();
    await userEvent.type(screen.getByLabelText('現在のパスワード'), 'Initial#Pass1');
    await userEvent.type(screen.getByLabelText('PW'), 'Chosen#Pass2');
    await userEvent.click(screen.getByRole('button', { name: '変更' }));
    await waitFor(() => expect(screen.queryByText('パスワードの変更が必要です')).toBeNull());
    expect(getSession()?.user.user.mustChangePassword).toBe(false);
    expect(requests[0]?.body).toMatchObject({
      userCredentials: { password: 'Chosen#Pass2', currentPassword: 'Initial#Pass1' },
    });
  });
});
