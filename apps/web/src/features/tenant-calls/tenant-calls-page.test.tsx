import type { CallItem } from '@tsunagu/contract/call-history';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { callSearch } from './get-calls';
import { TenantCallsPage } from './tenant-calls-page';

const call = (patch: Partial<CallItem>): CallItem => ({
  callUuid: 'c1',
  startStamp: '2026-11-25T01:00:00.000Z',
  kind: 'inbound',
  outsideNumber: '0311112222',
  customerUuid: null,
  customerName: '未登録',
  incomingNumber: '0312345678',
  agentExtension: null,
  agentName: '',
  calleeNumber: null,
  ringSeconds: 30,
  talkSeconds: 0,
  result: 'missed',
  ...patch,
});

const state = (filters: Record<string, string>) => ({ page: 0, size: 20, sort: 'startStamp,desc', filters });

describe('the tenant call history', () => {
  it('turns the list filters into the search: period, kind, result, every missed call, number', () => {
    expect(callSearch(state({ kind: 'inbound', result: 'voicemail', number: '03-1111-2222' }))).toEqual({
      page: 0,
      size: 20,
      sort: 'startStamp,desc',
      kind: 'inbound',
      result: 'voicemail',
      number: '03-1111-2222',
    });
    expect(callSearch(state({ result: 'missedAll' }))).toMatchObject({ missed: 'true' });
    expect(callSearch(state({ result: 'missedAll' }))).not.toHaveProperty('result');
    const { from, to } = callSearch(state({ from: '2026-11-01', to: '2026-11-30' }));
    expect(Date.parse(to!) - Date.parse(from!)).toBe(30 * 86_400_000);
  });

  it('shows one row per call: the result in Japanese with its definition, the number linked to its record', async () => {
    const requests = mockApi({
      'POST /api/v1/cdr/search': () =>
        envelope(200, '', {
          content: [
            call({}),
            call({
              callUuid: 'c2',
              outsideNumber: '0520001111',
              agentExtension: '1003',
              agentName: '田中 一郎',
              talkSeconds: 300,
              ringSeconds: 8,
              result: 'answered',
            }),
          ],
          totalElements: 2,
          number: 0,
          size: 20,
        }),
    });
    startSession('tok', panelUserInfo());
    renderPanel(<TenantCallsPage />, '/cust/cdr');
    const missedRow = (await screen.findByText('0311112222')).closest('tr')!;
    expect(within(missedRow).getByText('不在')).toBeTruthy();
    expect(within(missedRow).getByText('未登録')).toBeTruthy();
    expect(within(missedRow).getByRole('link', { name: '0311112222' }).getAttribute('href')).toBe(
      '/cust/management/0311112222',
    );
    const answeredRow = screen.getByText('0520001111').closest('tr')!;
    expect(within(answeredRow).getByText('1003 田中 一郎')).toBeTruthy();
    expect(within(answeredRow).getByText('5分00秒')).toBeTruthy();
    await userEvent.setup().hover(within(missedRow).getByText('不在'));
    expect(
      await screen.findByText(
        '着信したが、呼び出した内線・着信グループの誰も電話に出ないまま終わった通話です。',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/v1/cdr/search')).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ page: 0, sort: 'startStamp,desc' });
  });

  it('asks for the next page with the anchor of the page it shows (keyset paging)', async () => {
    const requests = mockApi({
      'POST /api/v1/cdr/search': (request) => {
        const page = (request.body as { page: number }).page;
        return envelope(200, '', {
          content: [
            call({ callUuid: `p${page}a` }),
            call({ callUuid: `p${page}b`, outsideNumber: `03${page}` }),
          ],
          totalElements: 45,
          number: page,
          size: 20,
          anchor: `${page}~20~d~p${page}a~p${page}b~45`,
        });
      },
    });
    startSession('tok', panelUserInfo());
    renderPanel(<TenantCallsPage />, '/cust/cdr');
    await screen.findAllByText('0311112222');
    await userEvent.setup().click(screen.getByTitle('2'));
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/v1/cdr/search')).toHaveLength(2));
    expect(requests[0]!.body).not.toHaveProperty('anchor');
    expect(requests[1]!.body).toMatchObject({ page: 1, anchor: '0~20~d~p0a~p0b~45' });
  });
});
