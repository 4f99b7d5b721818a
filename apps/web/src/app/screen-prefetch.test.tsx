import type { LineFigures } from '@tsunagu/contract/analysis/calls';
import type { ExtensionFigures } from '@tsunagu/contract/analysis/extension';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../shared/session/session-store';
import { userInfoFixture } from '../test/fixtures';
import { envelope, mockApi } from '../test/mock-api';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { appRoutes } from './routes';

const lineFigures: LineFigures = {
  incoming: 12,
  answered: 9,
  missed: 3,
  abandonedIvr: 1,
  outOfHours: 0,
  answerRate: 0.75,
  averageWait: 12,
  longestWait: 75,
  outgoing: 3,
  connected: 2,
  averageTalk: 185,
  distinctCallers: 11,
};
const hours = Array.from({ length: 24 }, () => 1);
const extensionFigures: ExtensionFigures = {
  inbound: 3,
  outbound: 2,
  internal: 0,
  missed: 1,
  talkSeconds: 600,
  averageTalk: 120,
  byHour: hours,
};
const aya = { userUuid: '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa', userNm: '佐藤 彩', extension: '1001' };
const seconds = { available: 27000, away: 0, break: 0, meeting: 0, wrapUp: 600, onCall: 1800, signedOut: 0 };

const cases = [
  {
    url: '/analy/line?from=2026-11-02&to=2026-11-03&group=hour',
    api: '/api/v1/analysis/line',
    answer: {
      timeZone: 'Asia/Tokyo',
      groups: [{ key: '9', figures: lineFigures }],
      total: lineFigures,
      heatmap: { incoming: [hours], missed: [hours] },
      incomingNumbers: [],
    },
    bodies: [
      {
        from: '2026-11-02',
        to: '2026-11-03',
        grouping: 'hour',
        incomingNumber: null,
        businessHoursOnly: false,
        excludeHolidays: false,
      },
    ],
    shown: '9時',
  },
  {
    url: '/analy/exten?from=2026-11-10&to=2026-11-11',
    api: '/api/v1/analysis/extension',
    answer: {
      timeZone: 'Asia/Tokyo',
      previous: { from: '2026-11-08', to: '2026-11-09' },
      rows: [{ ...aya, current: extensionFigures, previous: extensionFigures }],
    },
    bodies: [{ from: '2026-11-10', to: '2026-11-11' }],
    shown: '佐藤 彩',
  },
  {
    // One user's timeline also lists everyone for the user picker: two questions, each asked once.
    url: `/analy/status?from=2026-11-26&to=2026-11-26&user=${aya.userUuid}`,
    api: '/api/v1/analysis/status',
    answer: {
      timeZone: 'Asia/Tokyo',
      rows: [{ ...aya, signedInSeconds: 2400, seconds, occupancy: 1 }],
      timeline: [],
    },
    bodies: [
      { from: '2026-11-26', to: '2026-11-26', userUuid: aya.userUuid },
      { from: '2026-11-26', to: '2026-11-26', userUuid: null },
    ],
    shown: '佐藤 彩',
  },
];

describe("analysis screens' prefetch", () => {
  // The code is imported once beforehand: a first import can take longer than an answer stays fresh on a
  // busy machine, and what is tested is the shared cache entry, not this machine's speed.
  beforeAll(async () => {
    await Promise.all([
      import('./shell/shell-layout'),
      import('../features/line-analysis/line-analysis-page'),
      import('../features/extension-analysis/extension-analysis-page'),
      import('../features/status-analysis/status-analysis-page'),
    ]);
  }, 120_000);

  it.each(cases)(
    '$url: the route asks before the screen is drawn, and the screen shows that answer without asking again',
    async ({ url, api, answer, bodies, shown }) => {
      const requests = mockApi({
        'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'sandbox' }),
        [`POST ${api}`]: () => envelope(200, '', answer),
      });
      const asked = () => requests.filter((request) => request.path === api).map((request) => request.body);
      startSession('tok', userInfoFixture());
      const client = createQueryClient();
      const router = createMemoryRouter(appRoutes(client), { initialEntries: [url] });
      // Nothing is rendered yet: the route's loader has asked, while the screen's code loads.
      await waitFor(() => expect(asked()).toHaveLength(bodies.length));
      expect(asked()).toEqual(expect.arrayContaining(bodies));

      render(
        <Providers client={client}>
          <RouterProvider router={router} />
        </Providers>,
      );
      // By text: a role query with a name is slow over the whole shell in jsdom.
      expect((await screen.findAllByText(shown, {}, { timeout: 60_000 })).length).toBeGreaterThan(0);
      expect(asked()).toHaveLength(bodies.length);
    },
    // The first render of the whole shell in jsdom (its lazy parts compiled on the way) is slow on a busy machine.
    120_000,
  );
});
