import type { CdrItem, Page } from '@tsunagu/contract/cdr';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { registerSoftphoneDialer } from '../../shared/dial/dial';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { isCallWith, scanCallsWith, SCAN_MAX_PAGES, SCAN_PAGE_SIZE } from './calls-with-number';
import { CustomerRecordPage } from './customer-record-page';

function cdr(i: number, patch: Partial<CdrItem> = {}): CdrItem {
  return {
    cdrUuid: `cdr-${i}`,
    direction: 'inbound',
    callerIdName: '',
    callerIdNumber: '0312340001',
    destinationNumber: '1001',
    displayName: '未登録',
    billsec: 75,
    startStamp: '2026-11-20T01:02:00.000Z',
    ...patch,
  };
}

const page = (content: CdrItem[], totalElements: number): Page<CdrItem> => ({
  content,
  totalElements,
  number: 0,
  size: SCAN_PAGE_SIZE,
});

describe('the calls with a number', () => {
  it('match the number as caller or as the number dialled', () => {
    expect(isCallWith(cdr(1), '0312340001')).toBe(true);
    expect(
      isCallWith(
        cdr(1, { direction: 'outbound', callerIdNumber: '1001', destinationNumber: '0312340001' }),
        '0312340001',
      ),
    ).toBe(true);
    expect(isCallWith(cdr(1), '09011112222')).toBe(false);
  });

  it('are gathered page by page until the history ends', async () => {
    const readPage = vi.fn(async (n: number) =>
      n === 0
        ? page(
            [
              cdr(1),
              ...Array.from({ length: SCAN_PAGE_SIZE - 1 }, (_, i) =>
                cdr(i + 10, { callerIdNumber: '1002' }),
              ),
            ],
            150,
          )
        : page(
            [cdr(2), ...Array.from({ length: 49 }, (_, i) => cdr(i + 200, { callerIdNumber: '1002' }))],
            150,
          ),
    );
    const result = await scanCallsWith('0312340001', readPage);
    expect(result.calls.map((c) => c.cdrUuid)).toEqual(['cdr-1', 'cdr-2']);
    expect(result).toMatchObject({ scanned: 150, truncated: false });
    expect(readPage).toHaveBeenCalledTimes(2);
  });

  it('look back no further than the latest pages, and say so', async () => {
    const full = page(
      Array.from({ length: SCAN_PAGE_SIZE }, (_, i) => cdr(i)),
      10_000,
    );
    const readPage = vi.fn(async () => full);
    const result = await scanCallsWith('0312340001', readPage);
    expect(readPage).toHaveBeenCalledTimes(SCAN_MAX_PAGES);
    expect(result).toMatchObject({ scanned: SCAN_PAGE_SIZE * SCAN_MAX_PAGES, truncated: true });
  });
});

describe('the customer record page', () => {
  function open(number: string) {
    const requests = mockApi({
      'POST /api/v1/cdr/ext': () =>
        envelope(200, '', {
          page: page(
            [
              cdr(1),
              cdr(2, { billsec: 0 }),
              cdr(3, { callerIdNumber: '09099998888' }),
              cdr(4, { billsec: 0, answeredElsewhere: true }),
            ],
            4,
          ),
        }),
    });
    startSession('tok', panelUserInfo());
    const view = renderPanel(
      <Routes>
        <Route path="/cust/management/:number" element={<CustomerRecordPage />} />
      </Routes>,
      `/cust/management/${number}`,
    );
    return { requests, ...view };
  }

  it('shows the number and the user’s calls with it, missed ones marked', async () => {
    const { requests } = open('0312340001');
    expect(await screen.findByText('顧客情報 0312340001')).toBeTruthy();
    const table = within(screen.getByRole('region', { name: 'この番号との通話' })).getByRole('table');
    await within(table).findByText('1:15');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText('不在・未応答')).toHaveLength(1);
    // A call a colleague took is not missed: its own plain tag.
    const taken = within(table).getByText('他の人が応答');
    expect(taken.closest('.ant-tag')?.className).not.toMatch(/red/);
    expect(requests[0]?.body).toEqual({
      domainUuid: panelUserInfo().user.domainUuid,
      extensionUuid: panelUserInfo().user.extensionUuid,
    });
  });

  it('says plainly that registering is coming, and calls the number', async () => {
    open('0312340001');
    const dialer = vi.fn();
    const unregister = registerSoftphoneDialer(dialer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /登録/ }));
    expect(
      await screen.findByText(
        '顧客管理画面は現在準備中です。公開後、この番号を顧客として登録できるようになります。',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(screen.getByRole('button', { name: /発信/ }));
    expect(dialer).toHaveBeenCalledWith('0312340001');
    unregister();
  });

  it('tells a number with no calls', async () => {
    open('0120000000');
    expect(await screen.findByText('この番号との通話履歴はありません。')).toBeTruthy();
  });
});
