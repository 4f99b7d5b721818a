import { topics } from '@tsunagu/contract/realtime';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { fakeStomp } from '../realtime/fake-stomp';
import { connectRealtime } from '../realtime/realtime-session';
import { startSession } from '../session/session-store';
import { StatusPicker } from './status-picker';

const info = panelUserInfo();
const { domainUuid, userUuid } = info.user;
const since = '2026-11-26T09:00:00.000Z';
let stopRealtime = () => {};

afterEach(() => stopRealtime());

function openPicker(status: string, answer: string) {
  const requests = mockApi({
    [`GET /api/v1/user/status/${domainUuid}`]: () => envelope(200, '', [{ userUuid, status, since }]),
    'POST /api/v1/user/status': () => envelope(200, '', { userUuid, status: answer, since }),
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  renderPanel(<StatusPicker />);
  return requests;
}

describe('the header status picker', () => {
  it('shows the own status and changes it, colleagues being told by the server', async () => {
    const requests = openPicker('available', 'away');
    const button = await screen.findByRole('button', { name: 'ステータス: 在席' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: /離席/ }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/v1/user/status')?.body).toEqual({ status: 'away' }),
    );
    expect(await screen.findByRole('button', { name: 'ステータス: 離席' })).toBeTruthy();
    expect(await screen.findByText('ステータスを「離席」にしました。')).toBeTruthy();
  });

  it('during a call shows 通話中 and says when the chosen status applies', async () => {
    openPicker('onCall', 'onCall');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ステータス: 通話中' }));
    await user.click(await screen.findByRole('menuitem', { name: /休憩/ }));
    expect(await screen.findByText('通話が終わると「休憩」になります。')).toBeTruthy();
  });

  it('follows its own status changed by the system (a call ended on another tab)', async () => {
    openPicker('onCall', 'onCall');
    await screen.findByRole('button', { name: 'ステータス: 通話中' });
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.userStatus(domainUuid))).toBe(true));
    fakeStomp.publish(topics.userStatus(domainUuid), JSON.stringify([{ userUuid, status: 'wrapUp', since }]));
    expect(await screen.findByRole('button', { name: 'ステータス: 後処理' })).toBeTruthy();
  });
});
