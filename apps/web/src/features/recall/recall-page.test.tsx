import type { RecallItem } from '@tsunagu/contract/recall';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../shared/dayjs';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { RecallPage } from './recall-page';

const item = (patch: Partial<RecallItem>): RecallItem => ({
  recallUuid: '11111111-1111-4111-8111-111111111111',
  number: '09011112222',
  customerUuid: null,
  customerName: '未登録',
  reason: '',
  assigneeUserUuid: null,
  assigneeGroupUuid: null,
  assigneeName: '',
  dueAt: null,
  overdue: false,
  state: 'open',
  createdAt: '2026-11-25T01:00:00.000Z',
  createdByName: '',
  callUuid: 'call-1',
  doneAt: null,
  doneByName: '',
  ...patch,
});
const SECOND = '22222222-3333-4333-8333-333333333333';

function api() {
  const domainUuid = panelUserInfo().user.domainUuid;
  const items = [
    item({}),
    item({
      recallUuid: SECOND,
      number: '0399990000',
      reason: '見積の件',
      assigneeName: '鈴木 花子',
      dueAt: '2026-01-01T00:00:00.000Z',
      overdue: true,
      callUuid: null,
    }),
  ];
  return mockApi({
    [`GET /api/v1/recall/${domainUuid}`]: () =>
      envelope(200, '', { content: items, totalElements: items.length, number: 0, size: 20 }),
    [`POST /api/v1/recall/${items[0]!.recallUuid}/done`]: () =>
      envelope(200, '', {
        ...items[0],
        state: 'done',
        doneByName: '山田 太郎',
        doneAt: '2026-11-25T02:00:00.000Z',
      }),
    'POST /api/v1/recall/bulk': () => envelope(200, '', { updated: 1 }),
  });
}

describe('the recall list', () => {
  it('shows each item: a missed call’s reason, the assignee (or everyone), an overdue due time', async () => {
    api();
    startSession('tok', panelUserInfo());
    renderPanel(<RecallPage />, '/cust/management/recall');
    const missed = (await screen.findByText('09011112222')).closest('tr')!;
    expect(within(missed).getByText('不在着信')).toBeTruthy();
    expect(within(missed).getByText('全員')).toBeTruthy();
    expect(within(missed).getByText('未対応')).toBeTruthy();
    const manual = screen.getByText('0399990000').closest('tr')!;
    expect(within(manual).getByText('見積の件')).toBeTruthy();
    expect(within(manual).getByText('鈴木 花子')).toBeTruthy();
    const due = dayjs('2026-01-01T00:00:00.000Z').format('YYYY/MM/DD HH:mm');
    expect(within(manual).getByText(due).closest('.ant-typography-danger')).toBeTruthy();
  });

  it('closes one item from its row, and selected items in bulk', async () => {
    const requests = api();
    startSession('tok', panelUserInfo());
    renderPanel(<RecallPage />, '/cust/management/recall');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09011112222 の折り返しを完了にする' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/done'))).toBe(true),
    );
    // The list is read again after the change.
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));

    const manual = screen.getByText('0399990000').closest('tr')!;
    await user.click(within(manual).getByRole('checkbox'));
    const bulkClose = screen.getAllByRole('button', { name: '完了にする' }).find((b) => !b.closest('tr'))!;
    await user.click(bulkClose);
    await waitFor(() => {
      const bulk = requests.find((r) => r.path === '/api/v1/recall/bulk');
      expect(bulk?.body).toEqual({ recallUuids: [SECOND], action: 'close' });
    });
    expect(await screen.findByText('1件を完了にしました。')).toBeTruthy();
  });
});
