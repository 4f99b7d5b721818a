import { twoStepMessages } from '@tsunagu/contract/two-step';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { TwoStepForm } from './two-step-form';

const codes = Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`);

function open(status: { enabled: boolean; required: boolean; recoveryCodesLeft: number }) {
  let current = status;
  const requests = mockApi({
    'GET /api/v1/twoStep': () => envelope(200, '', current),
    'POST /api/v1/twoStep/setup': () =>
      envelope(200, '', {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x',
        qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    'POST /api/v1/twoStep/enable': ({ body }) => {
      if ((body as { code: string }).code !== '123456') return envelope(400, twoStepMessages.codeWrong);
      current = { enabled: true, required: false, recoveryCodesLeft: 10 };
      return envelope(200, '', { recoveryCodes: codes });
    },
    'POST /api/v1/twoStep/disable': () => {
      current = { enabled: false, required: false, recoveryCodesLeft: 0 };
      return envelope(200, '');
    },
  });
  startSession('tok', panelUserInfo());
  renderPanel(<TwoStepForm />);
  return requests;
}

const section = () => screen.getByRole('region', { name: '二段階認証' });

describe('settings tab: two-step sign-in', () => {
  it('turns on with the QR code and a confirming code, then shows the recovery codes once', async () => {
    const requests = open({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: '有効にする' }));
    expect(await screen.findByRole('img', { name: '認証アプリに登録するQRコード' })).toBeTruthy();
    const field = screen.getByLabelText('6桁の確認コード');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: /確\s*認/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(twoStepMessages.codeFormat);
    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: /確\s*認/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(twoStepMessages.codeWrong));
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: /確\s*認/ }));
    const list = await screen.findByRole('list', { name: 'リカバリーコード' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /閉じる/ }));
    expect(await screen.findByText('リカバリーコードの残り: 10個')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/v1/twoStep/enable').map((r) => r.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('turns off with the password, and offers no way off where it is required', async () => {
    const requests = open({ enabled: true, required: false, recoveryCodesLeft: 7 });
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: '無効にする' }));
    await user.type(screen.getByLabelText('確認コードまたは現在のパスワード'), 'Admin#2026');
    await user.click(screen.getByRole('button', { name: /無効にする/ }));
    expect(await screen.findByText('無効')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/v1/twoStep/disable')?.body).toEqual({
      password: 'Admin#2026',
    });
  });

  it('hides turning it off for a user who must use it', async () => {
    open({ enabled: true, required: true, recoveryCodesLeft: 10 });
    expect(await screen.findByText('このアカウントでは必須です。')).toBeTruthy();
    expect(within(section()).queryByRole('button', { name: '無効にする' })).toBeNull();
    expect(within(section()).getByRole('button', { name: 'リカバリーコードを再発行' })).toBeTruthy();
  });
});
