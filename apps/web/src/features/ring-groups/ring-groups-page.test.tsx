import type { RingGroup } from '@tsunagu/contract/pbx/ring-group';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { directoryFixture, directoryRoute, userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { recordingsApi } from '../../test/pbx-fixtures';
import { alertMessage, findLastButton, renderScreen } from '../../shared/ui/testing/render-screen';
import { RingGroupsPage } from './ring-groups-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';

const sales: RingGroup = {
  ringGroupUuid: '33333333-3333-4333-8333-333333333333',
  domainUuid: DOMAIN,
  ringGroupContext: 'sample.example',
  ringGroupName: '営業部',
  ringGroupExtension: '300',
  ringGroupGreeting: '',
  ringGroupStrategy: 'enterprise',
  ringGroupEnabled: 'true',
  ringGroupTimeoutApp: 'hangup',
  ringGroupTimeoutData: null,
  ringGroupMissedCallApp: null,
  ringGroupMissedCallData: null,
  destinations: [
    { destinationNumber: '1001', destinationTimeout: 30 },
    { destinationNumber: '1002', destinationTimeout: 30 },
  ],
};

const user = userInfoFixture({ userClass: 'CP' });
const extensions = ['1003', '1001', '1002', '1004'].map((extension, i) => ({
  extensionUuid: `4444444${i}-4444-4444-8444-444444444444`,
  extension,
  label: `${extension} (社員${extension})`,
  effectiveCallerIdName: `社員${extension}`,
}));

function api() {
  return mockApi({
    [`GET /api/v1/ringGroup/${DOMAIN}`]: () => envelope(200, '', { list: [sales] }),
    ...recordingsApi(),
    ...directoryRoute(directoryFixture({ extensions })),
    'POST /api/v1/ringGroup': () => envelope(200, '', { list: [sales] }),
  });
}

async function expectAlert(message: string) {
  expect(await alertMessage()).toBe(message);
  await userEvent.click(await findLastButton('OK'));
}

// Dialog round trips in jsdom are slow on a busy machine.
describe('RingGroupsPage', { timeout: 60_000 }, () => {
  it('lists the groups with their members as badges, filterable by the comma-joined numbers', async () => {
    api();
    renderScreen(<RingGroupsPage />, user);
    expect(await screen.findByText('営業部')).toBeTruthy();
    expect(screen.getByText('グループ一覧')).toBeTruthy();
    expect(screen.getByText('総件数 1件')).toBeTruthy();
    const row = screen.getByText('営業部').closest('tr') as HTMLElement;
    expect(row.querySelectorAll('.ant-tag')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('フィルター'), '1001,1002');
    expect(screen.getByText('営業部')).toBeTruthy();
  });

  it('runs the seven checks in order and shows each message as an alert, then saves', async () => {
    const requests = api();
    renderScreen(<RingGroupsPage />, user);
    await screen.findByText('営業部');
    await userEvent.click(screen.getByRole('button', { name: '新規' }));
    const dialog = await screen.findByRole('dialog');
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    const number = within(dialog).getByLabelText(/グループ番号/);
    expect(number.getAttribute('placeholder')).toBe('300 ~ 399');

    await save();
    await expectAlert('グループ番号を確認してください。');

    await userEvent.type(number, '500');
    await save();
    await expectAlert('グループ番号は300 ~ 399番までです。');

    await userEvent.clear(number);
    await userEvent.type(number, '305');
    await save();
    await expectAlert('グループ名を確認してください');

    await userEvent.type(within(dialog).getByLabelText(/グループ名/), '開発部');
    const seconds = within(dialog).getByLabelText(/呼び出し時間/);
    await userEvent.clear(seconds);
    await save();
    await expectAlert('呼び出し時間（秒）を確認してください');

    await userEvent.type(seconds, '200');
    await save();
    await expectAlert('呼び出し時間（秒）は5 ~ 180秒までです。');

    await userEvent.clear(seconds);
    await userEvent.type(seconds, '25');
    await userEvent.click(within(dialog).getByLabelText('アナウンス'));
    expect(within(dialog).getByText('::: アナウンスを選択 :::')).toBeTruthy();
    await save();
    await expectAlert('不在時アクションのアナウンスを選択してください。');

    await userEvent.click(within(dialog).getByLabelText('転送'));
    const transfer = within(dialog).getByLabelText(/転送先/);
    expect(transfer.getAttribute('placeholder')).toBe('1000');
    await save();
    await expectAlert('不在時アクションの転送番号を確認してください。');

    // The number filter keeps letters out.
    await userEvent.type(transfer, 'ab1001');
    expect((transfer as HTMLInputElement).value).toBe('1001');

    // The absence mail is checked like the schedule's.
    const mail = within(dialog).getByLabelText('不在通知メール');
    await userEvent.type(mail, 'not-an-email');
    await save();
    await expectAlert('メールアドレスを確認してください。');
    await userEvent.clear(mail);
    await save();

    expect(await screen.findByText('保存されました!')).toBeTruthy();
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted?.body).toMatchObject({
      ringGroupUuid: null,
      ringGroupExtension: '305',
      ringGroupName: '開発部',
      destinationTimeout: 25,
      ringGroupStrategy: 'enterprise',
      ringGroupTimeoutApp: 'transfer',
      ringGroupTimeoutDataTransfer: '1001',
      destList: [],
    });
    await waitFor(() => expect(screen.queryByText('グループ登録')).toBeNull());
  });

  it("offers the members sorted as 'ext (name)' and shows three, then '他N件'", async () => {
    api();
    renderScreen(<RingGroupsPage />, user);
    await userEvent.click(await screen.findByText('営業部'));
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1001 (社員1001)')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /内線番号/ }));
    await screen.findByTitle('1004 (社員1004)');
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((o) => o.getAttribute('title'))).toEqual([
      '1001 (社員1001)',
      '1002 (社員1002)',
      '1003 (社員1003)',
      '1004 (社員1004)',
    ]);
    await userEvent.click(screen.getByTitle('1003 (社員1003)'));
    await userEvent.click(screen.getByTitle('1004 (社員1004)'));
    expect(within(dialog).getByText('他1件')).toBeTruthy();
  });
});
