import type { LineAnalysis } from '@tsunagu/contract/analysis/calls';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LineAnalysisPage } from './line-analysis-page';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { startSession } from '../../shared/session/session-store';
import { periodPresets } from '../../shared/analysis/period';

// The browser sits in Los Angeles; the tenant is in Tokyo. At 2026-11-30 20:00 UTC it is still
// 30 November (noon) in the browser but already 1 December (05:00) at the tenant.
const BROWSER_ZONE = 'America/Los_Angeles';
const NOW = new Date('2026-11-30T20:00:00Z');
const zone = process.env.TZ;

beforeAll(() => {
  process.env.TZ = BROWSER_ZONE;
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
});
afterAll(() => {
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const empty: LineAnalysis = {
  timeZone: 'Asia/Tokyo',
  groups: [],
  total: {
    incoming: 0,
    answered: 0,
    missed: 0,
    abandonedIvr: 0,
    outOfHours: 0,
    answerRate: null,
    averageWait: null,
    longestWait: null,
    outgoing: 0,
    connected: 0,
    averageTalk: null,
    distinctCallers: 0,
  },
  heatmap: {
    incoming: Array.from({ length: 7 }, () => Array<number>(24).fill(0)),
    missed: Array.from({ length: 7 }, () => Array<number>(24).fill(0)),
  },
  incomingNumbers: [],
};

describe("the analyses' dates are the tenant's, not the browser's", () => {
  it('runs in a browser whose own date is a day behind the tenant', () => {
    expect(new Date().getDate()).toBe(30);
  });

  it('computes the presets from the date it is given (calendar arithmetic only)', () => {
    const presets = Object.fromEntries(periodPresets('2026-12-01').map((p) => [p.label, p.period]));
    expect(presets['今日']).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presets['昨日']).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presets['今週']).toEqual({ from: '2026-11-30', to: '2026-12-01' });
    expect(presets['先週']).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presets['今月']).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presets['先月']).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presets['過去30日間']).toEqual({ from: '2026-11-02', to: '2026-12-01' });
    expect(presets['今年']).toEqual({ from: '2026-01-01', to: '2026-12-01' });
  });

  it("opens on the tenant's month and offers the tenant's today and last month", async () => {
    const requests = mockApi({ 'POST /api/v1/analysis/line': () => envelope(200, '', empty) });
    startSession('tok', panelUserInfo({ userClass: 'CP' }));
    const { router } = renderPanel(<LineAnalysisPage />, '/analy/line');
    // No period in the URL: 今月 where the tenant is, December, not the browser's November.
    await waitFor(() => expect(requests[0]?.body).toMatchObject({ from: '2026-12-01', to: '2026-12-01' }));

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.click(await screen.findByText('先月'));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30'));
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.click(await screen.findByText('今日'));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-12-01&to=2026-12-01'));
  });
});
