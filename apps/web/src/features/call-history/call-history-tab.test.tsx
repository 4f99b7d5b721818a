import type { CdrItem } from '@tsunagu/contract/cdr';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { registerSoftphoneDialer } from '../../shared/dial/dial';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { CallHistoryTab } from './call-history-tab';

const info = panelUserInfo();
let id = 0;
function cdr(entry: Partial<CdrItem>): CdrItem {
  return {
    cdrUuid: `cdr-${++id}`,
    direction: 'inbound',
    callerIdName: '',
    callerIdNumber: '0312340001',
    destinationNumber: '1001',
    displayName: '株式会社サンプル',
    billsec: 60,
    // Local time, as the browser shows it.
    startStamp: '2026-03-05T09:07:00',
    ...entry,
  };
}

function openHistory(pages: (page: number) => { content: CdrItem[]; totalElements: number }, user = {}) {
  const requests = mockApi({
    'POST /api/v1/cdr/ext': () => {
      const page = Number(new URL(lastFetchedUrl(), window.location.origin).searchParams.get('page'));
      return envelope(200, '', { page: { ...pages(page + 1), number: page, size: 10 } });
    },
    'POST /api/v1/call/clickToCall': () => envelope(200, ''),
  });
  startSession('tok', panelUserInfo(user));
  const view = renderPanel(<CallHistoryTab />);
  return { requests, ...view };
}

/** mockApi keys handlers on the path: the query string is read from the fetch call being answered. */
const lastFetchedUrl = () => String(vi.mocked(fetch).mock.calls.at(-1)?.[0]);

const rows = () => screen.getAllByRole('listitem');

describe('call history tab', () => {
  it("asks for the user's own extension, page by page, newest first", async () => {
    const { requests } = openHistory(() => ({ content: [cdr({})], totalElements: 1 }));
    await screen.findByText('株式会社サンプル');
    expect(lastFetchedUrl()).toBe('/api/v1/cdr/ext?size=10&page=0&sort=startStamp%2CDESC');
    expect(requests[0]?.body).toEqual({
      domainUuid: info.user.domainUuid,
      extensionUuid: info.user.extensionUuid,
    });
  });

  it('marks direction, shows missed calls in red, and formats the time MM/dd HH:mm', async () => {
    openHistory(() => ({
      content: [
        cdr({ direction: 'inbound', billsec: 0, displayName: '不在の客' }),
        cdr({
          direction: 'outbound',
          destinationNumber: '0667778888',
          callerIdNumber: '1001',
          displayName: '発信先',
        }),
        cdr({
          direction: 'local',
          callerIdNumber: '1002',
          billsec: undefined as unknown as number,
          displayName: '鈴木',
        }),
      ],
      totalElements: 3,
    }));
    await screen.findByText('不在の客');
    const [missed, outbound, local] = rows();
    expect(missed?.dataset).toMatchObject({ direction: 'inbound', missed: 'true' });
    expect(missed?.style.color).toBe('rgb(207, 19, 34)');
    expect(within(missed!).getByRole('img', { name: '着信（不在・未応答）' })).toBeTruthy();
    expect(outbound?.dataset.missed).toBeUndefined();
    expect(outbound?.style.color).toBe('');
    expect(within(outbound!).getByRole('button', { name: '0667778888' })).toBeTruthy();
    expect(local?.dataset).toMatchObject({ direction: 'local', missed: 'true' });
    expect(within(local!).getByRole('button', { name: '1002' })).toBeTruthy();
    expect(within(missed!).getByText('03/05 09:07')).toBeTruthy();
  });

  it('shows a call a colleague took as 他の人が応答, not as missed and not in red', async () => {
    openHistory(() => ({
      content: [
        cdr({ direction: 'inbound', billsec: 0, answeredElsewhere: true, displayName: '取られた客' }),
      ],
      totalElements: 1,
    }));
    await screen.findByText('取られた客');
    const [taken] = rows();
    expect(taken?.dataset.missed).toBeUndefined();
    expect(taken?.dataset.answeredElsewhere).toBe('true');
    expect(taken?.style.color).toBe('');
    expect(within(taken!).getByRole('img', { name: '着信（他の人が応答）' })).toBeTruthy();
    expect(within(taken!).getByText('他の人が応答')).toBeTruthy();
  });

  it("links to the customer card with 'Register' for '未登録' and 'Details' otherwise", async () => {
    openHistory(() => ({
      content: [cdr({ displayName: '未登録', callerIdNumber: '09011112222' }), cdr({})],
      totalElements: 2,
    }));
    const user = userEvent.setup();
    const unregistered = await screen.findByRole('link', { name: '未登録' });
    expect(unregistered.getAttribute('href')).toBe('/cust/management/09011112222');
    await user.hover(unregistered);
    expect(await screen.findByRole('tooltip', { name: '登録' })).toBeTruthy();
    await user.hover(screen.getByRole('link', { name: '株式会社サンプル' }));
    expect(await screen.findByRole('tooltip', { name: '詳細' })).toBeTruthy();
  });

  it("hides the number (and customer) link of an 'Anonymous' caller", async () => {
    openHistory(() => ({
      content: [cdr({ callerIdNumber: 'Anonymous', displayName: '非通知の客' })],
      totalElements: 1,
    }));
    const row = (await screen.findByText('非通知の客')).closest('[role=listitem]') as HTMLElement;
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByText('非通知')).toBeTruthy();
  });

  it('dials the number back through the softphone', async () => {
    const dialled: string[] = [];
    const unregister = registerSoftphoneDialer((n) => dialled.push(n));
    openHistory(() => ({ content: [cdr({})], totalElements: 1 }));
    await userEvent.setup().click(await screen.findByRole('button', { name: '0312340001' }));
    expect(dialled).toEqual(['0312340001']);
    unregister();
  });

  it('shows no pager for 10 calls or fewer', async () => {
    openHistory(() => ({ content: Array.from({ length: 10 }, () => cdr({})), totalElements: 10 }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByRole('navigation', { name: 'ページ' })).toBeNull();
  });

  it('pages through more than 10 calls with 3 links, first and last', async () => {
    const { requests } = openHistory((page) => ({
      content: [cdr({ displayName: `${page}ページ目の客` })],
      totalElements: 95,
    }));
    const pager = await screen.findByRole('navigation', { name: 'ページ' });
    const user = userEvent.setup();
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['最初のページ', '1ページ', '2ページ', '3ページ', '次のページ群', '最後のページ']);

    await user.click(within(pager).getByRole('button', { name: '最後のページ' }));
    expect(await screen.findByText('10ページ目の客')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: '10ページ' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).queryByRole('button', { name: '3ページ' })).toBeNull();

    await user.click(within(pager).getByRole('button', { name: '前のページ群' }));
    expect(await screen.findByText('9ページ目の客')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: '7ページ' })).toBeTruthy();
    expect(requests).toHaveLength(3);
  });

  it('says there is no history for a user without an extension, without asking', async () => {
    const { requests } = openHistory(() => ({ content: [], totalElements: 0 }), { extensionUuid: null });
    expect(
      await screen.findByText('内線番号が割り当てられていないため、通話履歴はありません。'),
    ).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
