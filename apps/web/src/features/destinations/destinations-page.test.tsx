import type { Destination } from '@tsunagu/contract/pbx/destination';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { alertMessage, findLastButton, renderScreen } from '../../shared/ui/testing/render-screen';
import { DestinationsPage } from './destinations-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';

const numbers: Destination[] = [
  {
    id: '99999999-9999-4999-8999-999999999991',
    destinationNumber: '0312345678',
    destinationCidNamePrefix: '代表',
    destinationData: '2000 XML sample.example',
    destinationEnabled: 'true',
  },
  {
    id: '99999999-9999-4999-8999-999999999992',
    destinationNumber: '0312345679',
    destinationCidNamePrefix: null,
    destinationData: null,
    destinationEnabled: 'false',
  },
];
const dialplans = [
  { dialplanNumber: '2000', dialplanName: '通常営業' },
  { dialplanNumber: '2001', dialplanName: '年末年始' },
];

function api() {
  return mockApi({
    [`GET /api/v1/destination/${DOMAIN}`]: () =>
      envelope(200, '', { list: numbers, tcDialplanList: dialplans }),
    'POST /api/v1/destination': () => envelope(200, '', { list: numbers, tcDialplanList: dialplans }),
  });
}

// Dialog round trips in jsdom are slow on a busy machine.
describe('DestinationsPage', { timeout: 60_000 }, () => {
  it('shows the schedule by name and the status; tenants get Edit and Refresh only', async () => {
    api();
    renderScreen(<DestinationsPage />, userInfoFixture({ userClass: 'CP' }));
    expect(await screen.findByText('通常営業')).toBeTruthy();
    expect(screen.getByText('着信番号一覧')).toBeTruthy();
    expect(screen.getByText('利用')).toBeTruthy();
    expect(screen.getByText('停止')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新規' })).toBeNull();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
    expect(screen.getByRole('button', { name: '修正' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '更新' })).toBeTruthy();
  });

  it('requires the business hours, then saves the chosen schedule', async () => {
    const requests = api();
    renderScreen(<DestinationsPage />, userInfoFixture({ userClass: 'CP' }));
    await userEvent.click(await screen.findByText('0312345679'));
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/着信番号/) as HTMLInputElement).readOnly).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await alertMessage()).toBe('業務時間は必須項目です');
    await userEvent.click(await findLastButton('OK'));

    await userEvent.click(within(dialog).getByRole('combobox', { name: /業務時間/ }));
    await userEvent.click((await screen.findAllByTitle('年末年始')).at(-1) as HTMLElement);
    await userEvent.type(within(dialog).getByLabelText('表示名'), '営業部直通');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存されました!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      id: numbers[1]?.id,
      destinationCidNamePrefix: '営業部直通',
      destinationDataNum: '2001',
      destinationEnabled: 'false',
    });
  });

  it('lets the provider add and remove numbers', async () => {
    api();
    renderScreen(<DestinationsPage />, userInfoFixture({ userClass: 'SP' }));
    await screen.findByText('通常営業');
    expect(screen.getByRole('button', { name: '新規' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '削除' })).toBeTruthy();
  });
});
