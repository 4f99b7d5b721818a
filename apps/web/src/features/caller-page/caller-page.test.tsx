import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallerPhoneState } from '../../phone/caller-phone';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { CallerPage, callerStateText } from './caller-page';

const { domainUuid } = panelUserInfo().user;

function open(telephony: 'sandbox' | 'freeswitch', userClass = 'CP') {
  mockApi({
    'GET /api/health': () => envelope(200, '', { status: 'ok', telephony, demo: true }),
    [`GET /api/v1/destination/${domainUuid}`]: () =>
      envelope(200, '', {
        list: [
          {
            id: 'd1',
            destinationNumber: '0312345678',
            destinationCidNamePrefix: '代表',
            destinationData: '2000 XML demo',
            destinationEnabled: 'true',
          },
        ],
        tcDialplanList: [],
      }),
  });
  startSession('tok', panelUserInfo({ userClass }));
  return renderPanel(<CallerPage />, '/sandbox/caller');
}

describe('the caller page (模擬発信)', () => {
  it("offers the tenant's incoming numbers; dialling waits until the line is connected", async () => {
    open('sandbox');
    const region = await screen.findByRole('region', { name: '模擬発信' });
    expect(within(region).getByRole('textbox', { name: '発信者番号（外線）' })).toHaveProperty(
      'value',
      '09012345678',
    );
    expect(within(region).getByRole('button', { name: /発信/ })).toHaveProperty('disabled', true);
    await userEvent.setup().click(within(region).getByRole('combobox', { name: '着信番号' }));
    expect(await screen.findByTitle('0312345678 代表')).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('待機中');
    expect(within(region).getByText('再生中の音声: なし')).toBeTruthy();
  });

  it('refuses an outside number that is not 5–20 digits', async () => {
    open('sandbox');
    const input = await screen.findByRole('textbox', { name: '発信者番号（外線）' });
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '12a3');
    expect(input).toHaveProperty('value', '123');
    expect(screen.getByText('発信者番号は5〜20桁の数字で入力してください。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '回線に接続' })).toHaveProperty('disabled', true);
  });

  it('is for the sandbox only, and for administrators only', async () => {
    open('freeswitch');
    expect(await screen.findByText('模擬発信はサンドボックス環境でのみ利用できます。')).toBeTruthy();
  });

  it('refuses staff', async () => {
    open('sandbox', 'USER');
    expect(await screen.findByText('模擬発信はテナント管理者のみ利用できます。')).toBeTruthy();
  });

  it('says where the call stands, with the end cause in Japanese', () => {
    const base: CallerPhoneState = {
      connection: 'ready',
      login: 'x',
      call: null,
      ended: null,
      hearing: null,
    };
    const call = { callID: 'c', direction: 'outbound' as const, number: '0312345678' };
    expect(callerStateText(base)).toBe('待機中');
    expect(callerStateText({ ...base, call: { ...call, status: 'calling' } })).toBe('呼び出し中');
    expect(callerStateText({ ...base, call: { ...call, status: 'ringing' } })).toBe('着信中 0312345678');
    expect(callerStateText({ ...base, call: { ...call, status: 'talking' } })).toBe('通話中');
    expect(callerStateText({ ...base, ended: 'USER_BUSY' })).toBe('通話終了（話し中）');
    expect(callerStateText({ ...base, ended: 'SOMETHING_ELSE' })).toBe('通話終了（その他の理由）');
  });
});
