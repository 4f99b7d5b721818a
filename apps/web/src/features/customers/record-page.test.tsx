import type { Customer } from '@tsunagu/contract/crm/customer';
import { customerMessages } from '@tsunagu/contract/crm/messages';
import { menuConfig } from '@tsunagu/contract/menu';
import { DEFAULT_LAYOUT } from '@tsunagu/contract/crm/layout';
import type { CustomerLookup } from '@tsunagu/contract/crm/notes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/session/session-store';
import { envelope, mockApi } from '../../test/mock-api';
import { panelUserInfo } from '../../test/panel-fixtures';
import { renderPanel } from '../../test/render-panel';
import { CustomerRecordPage, RecordWarmUp } from './record-page';

const domainUuid = panelUserInfo().user.domainUuid;
const NUMBER_PATH = `/api/v1/customer/number/${domainUuid}/0312345678`;

const customer: Customer = {
  customerUuid: '11111111-1111-4111-8111-111111111111',
  company: '青空商事',
  companyKana: 'アオゾラショウジ',
  person: '青空 一郎',
  personKana: '',
  department: '',
  numbers: [{ label: '代表', number: '0312345678' }],
  email: '',
  postalCode: '',
  prefecture: '',
  address: '',
  ownerUuid: null,
  ownerName: '',
  tags: [],
  memo: '前回の話',
  custom: {},
  version: 3,
  updatedAt: '2026-11-20T01:00:00.000Z',
  updatedBy: 'suzuki',
};

/** A staff user shown the customer list (2100) but not the import (2300): reads customers, writes notes. */
const readOnlyStaff = () => panelUserInfo({ userClass: 'USER', menu: menuConfig([2300]) });

function open(lookups: CustomerLookup[], save: () => Response, info = panelUserInfo()) {
  let reads = 0;
  const requests = mockApi({
    [`GET ${NUMBER_PATH}`]: () => envelope(200, '', lookups[Math.min(reads++, lookups.length - 1)]),
    [`GET /api/v1/layout/${domainUuid}`]: () => envelope(200, '', { layout: DEFAULT_LAYOUT, version: 0 }),
    [`GET /api/v1/customer/owners/${domainUuid}`]: () => envelope(200, '', []),
    'POST /api/v1/customer': save,
  });
  startSession('tok', info);
  renderPanel(
    <Routes>
      <Route path="/cust/management/:number" element={<CustomerRecordPage />} />
    </Routes>,
    '/cust/management/0312345678',
  );
  return requests;
}

// antd's form and a 45-entry timeline render slowly in jsdom on a busy machine (15 s was seen to pass and fail).
describe('the customer record', { timeout: 60_000 }, () => {
  it('offers an unknown number’s registration with the number filled in, then shows the customer', async () => {
    const requests = open(
      [
        { number: '0312345678', customer: null, timeline: [] },
        { number: '0312345678', customer, timeline: [] },
      ],
      () => envelope(200, '', customer),
    );
    expect(await screen.findByText('未登録')).toBeTruthy();
    expect(screen.getByText('顧客情報 03-1234-5678')).toBeTruthy();
    expect(((await screen.findByLabelText('電話番号 1')) as HTMLInputElement).value).toBe('03-1234-5678');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('会社名'), '青空商事');
    await user.click(screen.getAllByRole('button', { name: '登録' }).at(-1)!);
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const body = requests.find((r) => r.method === 'POST')?.body;
    expect(body).toMatchObject({
      domainUuid,
      company: '青空商事',
      numbers: [{ label: '代表', number: '03-1234-5678' }],
    });
    expect(body).not.toHaveProperty('customerUuid');
    expect(await screen.findByRole('heading', { name: '顧客情報 03-1234-5678' })).toBeTruthy();
    expect(await screen.findByDisplayValue('前回の話')).toBeTruthy();
  });

  it('paints the heading and the name first; the form and the note editor mount only after that paint', async () => {
    // The page's animation frames are held: nothing after the first paint may run before it.
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      open([{ number: '0312345678', customer, timeline: [] }], () => envelope(200, '', customer));
      expect(await screen.findByRole('heading', { name: '顧客情報 03-1234-5678' })).toBeTruthy();
      expect(screen.getAllByText(/青空商事/).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByLabelText('会社名')).toBeNull();
      expect(screen.queryByRole('button', { name: 'メモを保存' })).toBeNull();
    } finally {
      raf.mockRestore();
    }
    // The frame is drawn: both mount.
    for (const frame of frames.splice(0)) frame(performance.now());
    expect(((await screen.findByLabelText('会社名')) as HTMLInputElement).value).toBe('青空商事');
    expect(await screen.findByRole('button', { name: 'メモを保存' })).toBeTruthy();
  });

  it('keeps what was typed when another user saved first, and shows the latest on request', async () => {
    const latest = { ...customer, memo: '鈴木さんの変更', version: 4 };
    const requests = open(
      [
        { number: '0312345678', customer, timeline: [] },
        { number: '0312345678', customer: latest, timeline: [] },
      ],
      () => envelope(409, customerMessages.conflict),
    );
    const memo = await screen.findByDisplayValue('前回の話');
    const user = userEvent.setup();
    await user.clear(memo);
    await user.type(memo, '山田の変更');
    await user.click(screen.getByRole('button', { name: '保存' }));
    const warning = await screen.findAllByText(customerMessages.conflict);
    expect(warning.length).toBeGreaterThan(0);
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      customerUuid: customer.customerUuid,
      version: 3,
      memo: '山田の変更',
    });
    expect(screen.getByDisplayValue('山田の変更')).toBeTruthy();
    // Close the alert, then read the latest.
    await user.click(screen.getAllByRole('button', { name: 'OK' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: '最新の内容を読み込む' }));
    expect(await screen.findByDisplayValue('鈴木さんの変更')).toBeTruthy();
  });

  it('shows the notes newest first with click-to-dial', async () => {
    open(
      [
        {
          number: '0312345678',
          customer,
          timeline: [
            {
              kind: 'note',
              at: '2026-11-21T02:00:00.000Z',
              note: {
                noteUuid: 'n2',
                number: '0312345678',
                customerUuid: customer.customerUuid,
                callUuid: null,
                category: '見積・注文',
                result: '対応完了',
                body: '見積送付済み',
                authorName: '山田 太郎',
                createdAt: '2026-11-21T02:00:00.000Z',
              },
            },
          ],
        },
      ],
      () => envelope(200, '', customer),
    );
    const history = (await screen.findByText('見積送付済み')).closest('li') as HTMLElement;
    expect(within(history).getByText('見積・注文')).toBeTruthy();
    expect(within(history).getByText('山田 太郎')).toBeTruthy();
    expect(within(history).getByRole('button', { name: '03-1234-5678 に発信' })).toBeTruthy();
  });

  it('shows the newest 20 entries first, then 20 more at a time (the record opens while the call rings)', async () => {
    const note = (i: number) => ({
      kind: 'note' as const,
      at: new Date(Date.UTC(2026, 10, 21, 2, 0) - i * 60_000).toISOString(),
      note: {
        noteUuid: `n${i}`,
        number: '0312345678',
        customerUuid: customer.customerUuid,
        callUuid: null,
        category: '',
        result: '',
        body: `メモ ${i}`,
        authorName: '山田 太郎',
        createdAt: '2026-11-21T02:00:00.000Z',
      },
    });
    const timeline = Array.from({ length: 45 }, (_, i) => note(i));
    open([{ number: '0312345678', customer, timeline }], () => envelope(200, '', customer));
    await screen.findByText('メモ 0');
    expect(screen.getByText('メモ 19')).toBeTruthy();
    expect(screen.queryByText('メモ 20')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'さらに表示（残り25件）' }));
    expect(screen.getByText('メモ 39')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'さらに表示（残り5件）' }));
    expect(screen.getByText('メモ 44')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /さらに表示/ })).toBeNull();
  });

  it('shows a user who may not edit customers the fields as text, with no form, and still the note editor', async () => {
    const requests = open(
      [{ number: '0312345678', customer: { ...customer, ownerName: '鈴木 花子' }, timeline: [] }],
      () => envelope(200, '', customer),
      readOnlyStaff(),
    );
    expect(await screen.findByText('前回の話')).toBeTruthy();
    expect(screen.getByText('鈴木 花子')).toBeTruthy();
    expect(screen.getByText('代表 03-1234-5678')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '会社名' })).toBeNull();
    expect(screen.getByRole('button', { name: 'メモを保存' })).toBeTruthy();
    // The edit-only owner list is never asked for (it would be refused).
    expect(requests.some((r) => r.path.includes('/customer/owners/'))).toBe(false);
  });

  it('offers no registration of an unknown number to a user who may not edit customers', async () => {
    open([{ number: '0312345678', customer: null, timeline: [] }], () => envelope(403, ''), readOnlyStaff());
    expect(await screen.findByText('この番号は顧客として登録されていません。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '登録' })).toBeNull();
    expect(screen.queryByLabelText('電話番号 1')).toBeNull();
  });
});

describe('the record’s warm-up (issue 19)', () => {
  it('draws what a ring paints first for a sample customer, and reads nothing', async () => {
    const requests = mockApi({});
    startSession('tok', panelUserInfo());
    renderPanel(<RecordWarmUp />);
    expect((await screen.findAllByText('見本')).length).toBeGreaterThan(0);
    expect(document.querySelector('.ant-timeline')).not.toBeNull();
    // The form and the note editor (which read the owners and the layout) never come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(requests).toEqual([]);
  });
});
