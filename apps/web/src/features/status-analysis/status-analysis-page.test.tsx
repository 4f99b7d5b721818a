import type { StatusAnalysis } from '@tsunagu/contract/analysis/status';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../shared/dayjs';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { durationText, timelineDays } from './status-analysis-model';
import { StatusAnalysisPage } from './status-analysis-page';

const seconds = {
  available: 27000,
  away: 0,
  break: 3600,
  meeting: 0,
  wrapUp: 600,
  onCall: 1800,
  signedOut: 54000,
};
const aya = { userUuid: '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa', userNm: '佐藤 彩', extension: '1001' };
const answer = (userUuid?: string | null): StatusAnalysis => ({
  timeZone: 'Asia/Tokyo',
  rows: [{ ...aya, signedInSeconds: 32400, seconds, occupancy: 2400 / 32400 }],
  timeline: userUuid
    ? [
        { status: 'available', start: '2026-11-26T00:00:00.000Z', end: '2026-11-26T01:00:00.000Z' },
        { status: 'onCall', start: '2026-11-26T01:00:00.000Z', end: '2026-11-26T01:30:00.000Z' },
      ]
    : [],
});

function open(url: string) {
  const requests = mockApi({
    'POST /api/v1/analysis/status': ({ body }) =>
      envelope(200, '', answer((body as { userUuid?: string | null }).userUuid)),
  });
  startSession('tok', panelUserInfo({ userClass: 'CP' }));
  return { requests, ...renderPanel(<StatusAnalysisPage />, url) };
}

describe('status analysis screen', () => {
  it('shows each status time and 稼働率 per user for the period in the URL', async () => {
    const { requests } = open('/analy/status?from=2026-11-26&to=2026-11-26');
    const row = await screen.findByRole('row', { name: /佐藤 彩/ });
    for (const text of ['1001', '9:00:00', '0:30:00', '0:10:00', '1:00:00', '7.4%']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(requests[0]?.body).toEqual({ from: '2026-11-26', to: '2026-11-26', userUuid: null });
    expect(screen.getByRole('img', { name: 'ユーザーごとのステータス別時間(時間)' })).toBeTruthy();
  });

  it("draws the chosen user's day-by-day timeline and keeps the choice in the URL", async () => {
    const { router } = open('/analy/status?from=2026-11-26&to=2026-11-26');
    await screen.findByRole('row', { name: /佐藤 彩/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'ユーザー' }));
    await user.click(await screen.findByTitle('佐藤 彩 (1001)'));
    await waitFor(() => expect(router.state.location.search).toContain(`user=${aya.userUuid}`));
    const timeline = await screen.findByRole('list', { name: '佐藤 彩 さんの日別タイムライン' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('status analysis model', () => {
  it('formats durations beyond a day as hours', () => {
    expect(durationText(90061)).toBe('25:01:01');
  });

  it('splits a stretch across midnight into the two local days', () => {
    const days = timelineDays([
      // Local times, whatever zone the test runs in.
      {
        status: 'meeting',
        start: dayjs('2026-11-26T23:00').toISOString(),
        end: dayjs('2026-11-27T01:00').toISOString(),
      },
    ]);
    expect(days).toHaveLength(2);
    expect(days[0]?.parts[0]?.to).toBe('24:00');
    expect(days[1]?.parts[0]?.from).toBe('00:00');
  });
});
