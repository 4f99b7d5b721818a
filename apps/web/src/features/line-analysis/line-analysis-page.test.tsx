import type { LineAnalysis, LineFigures } from '@tsunagu/contract/analysis/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { exportGrid, gridSheetRows } from '../../shared/ui/export-grid';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { groupKeys, groupLabel, lineColumns, lineRows, minutesText, totalRow } from './line-analysis-model';
import { LineAnalysisPage } from './line-analysis-page';

// The browser cannot save a file here: the export is recorded instead.
vi.mock(import('../../shared/ui/export-grid'), async (original) => ({
  ...(await original()),
  exportGrid: vi.fn(async () => {}),
}));

const figures = (incoming: number, answered: number): LineFigures => ({
  incoming,
  answered,
  missed: incoming - answered,
  abandonedIvr: 1,
  outOfHours: 0,
  answerRate: incoming ? answered / incoming : null,
  averageWait: 12.4,
  longestWait: 75,
  outgoing: 3,
  connected: 2,
  averageTalk: 185,
  distinctCallers: incoming - 1,
});
const heat = (value: number) => Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => value));
const answer = (groups: LineAnalysis['groups']): LineAnalysis => ({
  timeZone: 'Asia/Tokyo',
  groups,
  total: figures(12, 9),
  heatmap: { incoming: heat(1), missed: heat(0) },
  incomingNumbers: ['0312345678', '0501234567'],
});

function open(url: string) {
  const requests = mockApi({
    'POST /api/v1/analysis/line': ({ body }) =>
      envelope(
        200,
        '',
        (body as { grouping: string }).grouping === 'hour'
          ? answer([
              { key: '9', figures: figures(8, 6) },
              { key: '14', figures: figures(4, 3) },
            ])
          : answer([{ key: '2026-11-02', figures: figures(12, 9) }]),
      ),
  });
  startSession('tok', panelUserInfo({ userClass: 'CP' }));
  return { requests, ...renderPanel(<LineAnalysisPage />, url) };
}

describe('line analysis screen', () => {
  it('asks for the period and filters in the URL and shows every hour with its measures and a total', async () => {
    const { requests } = open(
      '/analy/line?from=2026-11-02&to=2026-11-03&group=hour&number=0312345678&business=1',
    );
    const nine = await screen.findByRole('row', { name: /^9時/ });
    for (const text of ['8', '6', '2', '75.0%', '0:12', '1:15', '3:05', '7']) {
      expect(within(nine).getAllByText(text).length).toBeGreaterThan(0);
    }
    // Quiet hours are shown too, and the total closes the table.
    expect(screen.getByRole('row', { name: /^3時/ })).toBeTruthy();
    const total = screen.getByRole('row', { name: /^合計/ });
    expect(within(total).getByText('12')).toBeTruthy();
    expect(requests[0]?.body).toEqual({
      from: '2026-11-02',
      to: '2026-11-03',
      grouping: 'hour',
      incomingNumber: '0312345678',
      businessHoursOnly: true,
      excludeHolidays: false,
    });
    expect(screen.getByRole('img', { name: '着信・応答・不在の件数と応答率' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '曜日×時間帯の着信件数' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '曜日×時間帯の不在件数' })).toBeTruthy();
  });

  it('keeps the grouping and the holiday filter in the URL and asks again', async () => {
    const { requests, router } = open('/analy/line?from=2026-11-02&to=2026-11-03');
    expect(await screen.findByRole('row', { name: /^2026\/11\/02\(月\)/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /^2026\/11\/03\(火\)/ })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: '祝日を除く' }));
    await waitFor(() => expect(router.state.location.search).toContain('holidays=exclude'));
    await user.click(screen.getByRole('combobox', { name: '集計単位' }));
    await user.click(await screen.findByTitle('時間帯別'));
    await waitFor(() => expect(router.state.location.search).toContain('group=hour'));
    expect(await screen.findByRole('row', { name: /^14時/ })).toBeTruthy();
    expect(requests.at(-1)?.body).toMatchObject({
      grouping: 'hour',
      excludeHolidays: true,
      incomingNumber: null,
    });
  });

  it('filters by an incoming number of the answer and exports exactly the rows shown', async () => {
    const { requests, router } = open('/analy/line?from=2026-11-02&to=2026-11-03&group=hour');
    await screen.findByRole('row', { name: /^合計/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: '着信番号' }));
    await user.click(await screen.findByTitle('0501234567'));
    await waitFor(() => expect(router.state.location.search).toContain('number=0501234567'));
    await waitFor(() => expect(requests.at(-1)?.body).toMatchObject({ incomingNumber: '0501234567' }));

    await user.click(screen.getByRole('button', { name: 'エクスポート' }));
    const [title, columns, rows] = vi.mocked(exportGrid).mock.calls.at(-1)!;
    expect(title).toBe('発着信分析');
    expect(columns.map((column) => column.title).slice(0, 2)).toEqual(['時間帯', '着信']);
    const shown = screen
      .getAllByRole('row')
      .filter((row) => row.closest('tbody') && within(row).queryByText(/時$|^合計$/));
    expect(rows).toHaveLength(shown.length);
    expect(rows.map((row) => columns[0]!.text(row))).toEqual(
      shown.map((row) => row.querySelector('td')?.textContent),
    );
  });

  it('explains each measure in its column header', async () => {
    open('/analy/line?from=2026-11-02&to=2026-11-02');
    await screen.findByRole('row', { name: /^合計/ });
    await userEvent.setup().hover(screen.getByText('応答率', { selector: 'th *' }));
    expect(await screen.findByText('応答率 = 応答件数 ÷ 着信件数。')).toBeTruthy();
  });
});

describe('line analysis model', () => {
  it('names hours, weekdays, weeks and months as a reader says them', () => {
    expect(groupLabel('hour', '9')).toBe('9時');
    expect(groupLabel('weekday', '1')).toBe('月');
    expect(groupLabel('weekday', '7')).toBe('日');
    expect(groupLabel('week', '2026-11-23')).toBe('2026/11/23の週');
    expect(groupLabel('month', '2026-11')).toBe('2026年11月');
  });

  it('lists every group of the period, weeks from their Monday', () => {
    expect(groupKeys('week', { from: '2026-11-04', to: '2026-11-16' })).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(groupKeys('month', { from: '2026-10-15', to: '2026-12-01' })).toEqual([
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(groupKeys('hour', { from: '2026-11-01', to: '2026-11-01' })).toHaveLength(24);
  });

  it('shows durations as m:ss and exports exactly the rows and columns shown', () => {
    expect(minutesText(185)).toBe('3:05');
    expect(minutesText(3725)).toBe('62:05');
    expect(minutesText(null)).toBe('-');
    const data = answer([{ key: '3', figures: figures(2, 1) }]);
    const rows = [...lineRows(data, 'weekday', { from: '2026-11-02', to: '2026-11-08' }), totalRow(data)];
    const sheet = gridSheetRows(lineColumns('weekday'), rows);
    expect(sheet).toHaveLength(1 + 7 + 1);
    expect(sheet[0]?.map((cell) => (cell as { value: string }).value).slice(0, 3)).toEqual([
      'NO',
      '曜日',
      '着信',
    ]);
    expect(sheet[3]?.slice(0, 4)).toEqual([3, '水', '2', '1']);
    expect(sheet[8]?.slice(1, 3)).toEqual(['合計', '12']);
  });
});
