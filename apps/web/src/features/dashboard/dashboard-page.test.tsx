import type { Dashboard } from '@tsunagu/contract/dashboard';
import { topics } from '@tsunagu/contract/realtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeStomp } from '../../shared/realtime/fake-stomp';
import { connectRealtime } from '../../shared/realtime/realtime-session';
import { startSession } from '../../shared/session/session-store';
import { getShellState, patchShellState } from '../../shared/shell-state/shell-state';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { DashboardPage } from './dashboard-page';

const hours = (n: number) => Array.from({ length: 24 }, (_, h) => (h === 10 ? n : 0));
const answer = (tenant: boolean, missed = 1): Dashboard => ({
  timeZone: 'Asia/Tokyo',
  date: '2026-11-26',
  from: '2026-11-25T15:00:00.000Z',
  to: '2026-11-26T03:00:00.000Z',
  mine: { answered: 4, placed: 2, missed },
  tenant: tenant
    ? {
        incoming: 12,
        answered: 9,
        missed: 3,
        answerRate: 0.75,
        talking: 2,
        parked: 1,
        statuses: { available: 3, away: 1, break: 0, meeting: 0, wrapUp: 1, onCall: 2, signedOut: 4 },
        hourly: { today: hours(5), lastWeek: hours(3), lastWeekDate: '2026-11-19' },
      }
    : null,
});
let stopRealtime = () => {};
afterEach(() => stopRealtime());

function open(userClass: string, answers: Dashboard[]) {
  const info = panelUserInfo({ userClass });
  let call = 0;
  const requests = mockApi({
    [`GET /api/v1/dashboard/${info.user.domainUuid}`]: () =>
      envelope(200, '', answers[Math.min(call++, answers.length - 1)]),
    [`GET /api/v1/user/status/${info.user.domainUuid}`]: () => envelope(200, '', []),
  });
  startSession('tok', info);
  stopRealtime = connectRealtime();
  return { info, requests, ...renderPanel(<DashboardPage />) };
}

describe('dashboard', () => {
  it('shows staff their own day; each count opens the calls that make it up', async () => {
    const { info, router } = open('USER', [answer(false)]);
    const mine = await screen.findByRole('region', { name: 'あなたの今日' });
    const answered = await within(mine).findByRole('link', { name: '応答した着信 4件' });
    expect(within(mine).getByRole('link', { name: '発信 2件' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /サンプル株式会社 の今日/ })).toBeNull();
    await userEvent.setup().click(answered);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cust/cdr'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      from: '2026-11-26',
      to: '2026-11-26',
      kind: 'inbound',
      result: 'answered',
      userUuid: info.user.userUuid,
    });
  });

  it('opens the own call history from the missed count', async () => {
    open('USER', [answer(false)]);
    patchShellState({ sidePanelTab: 'presence', sidePanelCollapsed: true });
    await userEvent.setup().click(await screen.findByRole('button', { name: '不在着信 1件' }));
    expect(getShellState()).toMatchObject({ sidePanelTab: 'history', sidePanelCollapsed: false });
  });

  it("gives administrators the tenant's day with statuses and the hourly chart", async () => {
    const { info } = open('CP', [answer(true)]);
    const region = await screen.findByRole('region', { name: `${info.domain.domainDescription} の今日` });
    expect(within(region).getByRole('link', { name: '不在 3件' })).toBeTruthy();
    expect(within(region).getByRole('link', { name: '応答率 75.0%' })).toBeTruthy();
    expect(within(region).getByRole('list', { name: '今のステータス' }).textContent).toContain('在席3');
    expect(
      await within(region).findByRole('img', { name: '時間帯別の着信' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('reads the figures again shortly after the tenant’s calls change', async () => {
    const { requests, info } = open('USER', [answer(false, 1), answer(false, 2)]);
    await screen.findByRole('button', { name: '不在着信 1件' });
    await waitFor(() => expect(fakeStomp.isSubscribed(topics.callState(info.user.domainUuid))).toBe(true));
    fakeStomp.publish(topics.callState(info.user.domainUuid), '1001');
    expect(await screen.findByRole('button', { name: '不在着信 2件' }, { timeout: 5000 })).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/v1/dashboard/')).length).toBeGreaterThanOrEqual(2);
  });
});
