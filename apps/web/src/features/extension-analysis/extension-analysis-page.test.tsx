import type { ExtensionAnalysis, ExtensionFigures } from '@tsunagu/contract/analysis/extension';
import { screen, within } from '@testing-library/react';
import { menuConfig } from '@tsunagu/contract/menu';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { gridSheetRows } from '../../shared/ui/export-grid';
import { userInfoFixture } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { changeText, EXTENSION_COLUMNS, rankRows } from './extension-analysis-model';
import { ExtensionAnalysisPage } from './extension-analysis-page';

const hours = (at: Record<number, number>) => Array.from({ length: 24 }, (_, h) => at[h] ?? 0);
const figures = (f: Partial<ExtensionFigures>): ExtensionFigures => ({
  inbound: 0,
  outbound: 0,
  internal: 0,
  missed: 0,
  talkSeconds: 0,
  averageTalk: null,
  byHour: hours({}),
  ...f,
});
const aya = { userUuid: '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa', userNm: '佐藤 彩', extension: '1001' };
const ken = { userUuid: '22222222-bbbb-4bbb-8bbb-bbbbbbbbbbbb', userNm: '高橋 健', extension: '1002' };
const answer: ExtensionAnalysis = {
  timeZone: 'Asia/Tokyo',
  previous: { from: '2026-11-08', to: '2026-11-09' },
  rows: [
    {
      ...aya,
      current: figures({
        inbound: 3,
        outbound: 2,
        missed: 1,
        talkSeconds: 600,
        averageTalk: 120,
        byHour: hours({ 9: 5 }),
      }),
      previous: figures({ inbound: 2, outbound: 2, missed: 2, talkSeconds: 600, averageTalk: 150 }),
    },
    { ...ken, current: figures({}), previous: figures({ outbound: 1 }) },
  ],
};

function open(url: string) {
  const requests = mockApi({ 'POST /api/v1/analysis/extension': () => envelope(200, '', answer) });
  startSession('tok', panelUserInfo({ userClass: 'CP' }));
  return { requests, ...renderPanel(<ExtensionAnalysisPage />, url) };
}

describe('extension analysis screen', () => {
  it('shows each user’s figures with the change from the previous period, for the period in the URL', async () => {
    const { requests } = open('/analy/exten?from=2026-11-10&to=2026-11-11');
    const row = await screen.findByRole('row', { name: /佐藤 彩/ });
    // 対応件数 5 against 4, 着信応答 3 against 2, 不在 1 against 2, talk time unchanged.
    for (const text of [
      '1',
      '1001',
      '5 (↑25.0%)',
      '3 (↑50.0%)',
      '1 (↓50.0%)',
      '0:10:00 (±0.0%)',
      '0:02:00 (↓20.0%)',
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    // 健 placed one call before and none now: 対応件数 and 発信 fall by 100 %; nothing before, no change.
    const kenRow = screen.getByRole('row', { name: /高橋 健/ });
    expect(within(kenRow).getAllByText('0 (↓100.0%)')).toHaveLength(2);
    expect(within(kenRow).getAllByText('0')).toHaveLength(3);
    expect(requests[0]?.body).toEqual({ from: '2026-11-10', to: '2026-11-11' });
    expect(screen.getByText('前期間: 2026-11-08 〜 2026-11-09')).toBeTruthy();
    expect(screen.getByRole('img', { name: '対応件数ランキング(前期間との比較)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '時間帯別の対応件数' })).toBeTruthy();
  });

  it('is refused to a user whose menu hides it, without asking the server', async () => {
    const requests = mockApi({
      'GET /api/health': () => envelope(200, '', { status: 'ok', telephony: 'sandbox' }),
    });
    startSession('tok', userInfoFixture({ userClass: 'staff', menu: menuConfig([4200]) }));
    renderApp('/analy/exten');
    expect(await screen.findByText('この画面を表示する権限がありません。')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/v1/analysis/extension')).toBe(false);
  });
});

describe('extension analysis model', () => {
  it('exports exactly the table: NO, then each column as shown', () => {
    const [header, first] = gridSheetRows(EXTENSION_COLUMNS, rankRows(answer.rows));
    expect(
      header?.map((cell) =>
        cell !== null && typeof cell === 'object' && 'value' in cell ? cell.value : cell,
      ),
    ).toEqual([
      'NO',
      '順位',
      '名前',
      '内線',
      '対応件数',
      '着信応答',
      '発信',
      '内線発信',
      '不在',
      '通話時間合計',
      '平均通話時間',
    ]);
    expect(first).toEqual([
      1,
      '1',
      '佐藤 彩',
      '1001',
      '5 (↑25.0%)',
      '3 (↑50.0%)',
      '2 (±0.0%)',
      '0',
      '1 (↓50.0%)',
      '0:10:00 (±0.0%)',
      '0:02:00 (↓20.0%)',
    ]);
  });

  it('writes changes as arrows with a percentage, nothing without a previous figure', () => {
    expect(changeText(3, 2)).toBe('↑50.0%');
    expect(changeText(1, 4)).toBe('↓75.0%');
    expect(changeText(5, 0)).toBe('');
    expect(changeText(null, 3)).toBe('');
  });

  it('gives equal counts the same place in the ranking', () => {
    const row = (n: number) => ({ ...aya, current: figures({ inbound: n }), previous: figures({}) });
    expect(rankRows([row(3), row(2), row(2), row(1)]).map((r) => r.rank)).toEqual([1, 2, 2, 4]);
  });
});
