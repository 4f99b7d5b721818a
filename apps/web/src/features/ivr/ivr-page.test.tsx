import type { IvrMenu } from '@tsunagu/contract/pbx/ivr';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { recordingsApi } from '../../test/pbx-fixtures';
import { alertMessage, findAlert, findLastButton, renderScreen } from '../../shared/ui/testing/render-screen';
import { CHANGED_ROW_BACKGROUND } from './ivr-options-grid';
import { IvrPage } from './ivr-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';
const MENU_UUID = '66666666-6666-4666-8666-666666666666';

const menu: IvrMenu = {
  id: MENU_UUID,
  ivrMenuUuid: MENU_UUID,
  domainUuid: DOMAIN,
  ivrMenuName: '代表メニュー',
  ivrMenuGreetLong: 'welcome.wav',
  ivrMenuDescription: '1: 営業部',
  ivrMenuEnabled: 'true',
  ivrMenuExtension: '5000',
  ivrMenuOptions: [
    {
      ivrMenuOptionUuid: '77777777-7777-4777-8777-777777777771',
      domainUuid: DOMAIN,
      ivrMenuOptionDigits: '1',
      ivrMenuOptionParam: 'transfer 300 XML sample.example',
    },
    {
      ivrMenuOptionUuid: '77777777-7777-4777-8777-777777777772',
      domainUuid: DOMAIN,
      ivrMenuOptionDigits: '2',
      ivrMenuOptionParam: 'lua nit_ivr_record.lua 1001',
    },
  ],
};

function api(menus: IvrMenu[] = [menu]) {
  return mockApi({
    [`GET /api/v1/ivr/${DOMAIN}`]: () => envelope(200, '', { list: menus }),
    ...recordingsApi(),
    [`GET /api/v1/common/initData/${DOMAIN}`]: () =>
      envelope(200, '', {
        extensions: [{ extension: '1001', effectiveCallerIdName: '山田 太郎' }],
        ringGroups: [
          { ringGroupExtension: '300', ringGroupName: '営業部', ringGroupContext: 'sample.example' },
        ],
        ivrMenus: [{ ivrMenuExtension: '5000', ivrMenuName: '代表メニュー' }],
      }),
    'POST /api/v1/ivr': () => envelope(200, '', { list: [menu] }),
  });
}

async function expectAlert(message: string) {
  expect(await alertMessage()).toBe(message);
  await userEvent.click(await findLastButton('OK'));
}

/** Opens a select and picks the option with this title (the latest open dropdown's). */
async function choose(select: HTMLElement, title: string) {
  await userEvent.click(select);
  const options = await screen.findAllByTitle(title);
  await userEvent.click(options.at(-1) as HTMLElement);
}

// Dialog round trips in jsdom are slow on a busy machine.
describe('IvrPage', { timeout: 60_000 }, () => {
  it('lists the menus with the announcement by name', async () => {
    api();
    renderScreen(<IvrPage />, userInfoFixture());
    expect(await screen.findByText('代表メニュー')).toBeTruthy();
    expect(await screen.findByText('代表挨拶')).toBeTruthy();
    expect(screen.getByText('IVR一覧')).toBeTruthy();
  });

  it('checks name, announcement and the option dialog, whose duplicate message keeps its line break', async () => {
    const requests = api();
    renderScreen(<IvrPage />, userInfoFixture());
    await screen.findByText('代表メニュー');
    await userEvent.click(screen.getByRole('button', { name: '新規' }));
    const dialog = await screen.findByRole('dialog');
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await save();
    await expectAlert('IVR名を入力してください。');
    await userEvent.type(within(dialog).getByLabelText(/IVR名/), '夜間メニュー');
    await save();
    await expectAlert('アナウンスを選択してください。');
    await choose(within(dialog).getByRole('combobox', { name: /アナウンス/ }), '代表挨拶');

    await userEvent.click(within(dialog).getByRole('button', { name: '追加' }));
    const optionDialog = (await screen.findByText('メニュー登録')).closest('.ant-modal') as HTMLElement;
    const add = () => userEvent.click(within(optionDialog).getByRole('button', { name: '追加' }));
    await add();
    await expectAlert('番号を選択してください。');
    await choose(within(optionDialog).getByRole('combobox', { name: /選択番号/ }), '番号 1');
    await add();
    await expectAlert('転送先を選択してください。');
    await choose(within(optionDialog).getByRole('combobox', { name: /転送先/ }), '300 [営業部]');
    await add();
    await waitFor(() => expect(screen.queryByText('メニュー登録')).toBeNull());

    await userEvent.click(within(dialog).getByRole('button', { name: '追加' }));
    const second = (await screen.findByText('メニュー登録')).closest('.ant-modal') as HTMLElement;
    await choose(within(second).getByRole('combobox', { name: /選択番号/ }), '番号 1');
    await choose(within(second).getByRole('combobox', { name: /転送先/ }), '1001 [山田 太郎]');
    await userEvent.click(within(second).getByRole('button', { name: '追加' }));
    const alert = await findAlert();
    const message = within(alert).getByText(/登録済みの番号です。/);
    expect(message.textContent).toBe('登録済みの番号です。\n削除してからご利用ください。');
    expect(message.style.whiteSpace).toBe('pre-line');
    await userEvent.click(await findLastButton('OK'));
    await userEvent.click(within(second).getByRole('button', { name: '閉じる' }));

    await save();
    expect(await screen.findByText('保存されました!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      ivrMenuUuid: null,
      domainUuid: DOMAIN,
      ivrMenuName: '夜間メニュー',
      ivrMenuGreetLong: 'welcome.wav',
      ivrMenuEnabled: 'true',
      ivrMenuOptions: [
        {
          ivrMenuOptionDigits: '1',
          ivrMenuOptionParam: 'transfer 300 XML sample.example',
          domainUuid: DOMAIN,
        },
      ],
    });
  });

  it('keeps the name read-only when editing, paints edited rows pink and refuses a digit used twice', async () => {
    const requests = api();
    renderScreen(<IvrPage />, userInfoFixture());
    await userEvent.click(await screen.findByText('代表メニュー'));
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/IVR名/) as HTMLInputElement).readOnly).toBe(true);

    const digits = within(dialog).getAllByRole('combobox', { name: '選択番号' });
    const secondRow = digits[1]?.closest('tr') as HTMLElement;
    const firstRow = digits[0]?.closest('tr') as HTMLElement;
    expect(secondRow.querySelector('td')?.style.background).toBe('');
    await choose(digits[1] as HTMLElement, '番号 1');
    await waitFor(() => expect(secondRow.querySelector('td')?.getAttribute('style')).toContain('background'));
    expect(secondRow.querySelector('td')?.style.background).toBe(hexToRgb(CHANGED_ROW_BACKGROUND));
    expect(firstRow.querySelector('td')?.style.background).toBe('');

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expectAlert('登録済みの番号です。\n削除してからご利用ください。');

    // Deleting the row fixes it.
    await userEvent.click(within(secondRow).getByRole('button', { name: '削除' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存されました!')).toBeTruthy();
    const body = requests.find((r) => r.method === 'POST')?.body as {
      ivrMenuUuid: string;
      ivrMenuOptions: unknown[];
    };
    expect(body.ivrMenuUuid).toBe(MENU_UUID);
    expect(body.ivrMenuOptions).toHaveLength(1);
  });
});

describe('IvrPage: targets that no longer exist', { timeout: 60_000 }, () => {
  it("lists each menu's own number and shows an option to a deleted extension as 削除済み, not its dialplan string", async () => {
    const [kept, second] = menu.ivrMenuOptions;
    const gone = { ...second!, ivrMenuOptionParam: 'lua nit_ivr_record.lua 1099' };
    api([{ ...menu, ivrMenuOptions: [kept!, gone] }]);
    renderScreen(<IvrPage />, userInfoFixture());
    await userEvent.click(await screen.findByText('代表メニュー'));
    expect(screen.getByRole('columnheader', { name: 'IVR番号' })).toBeTruthy();
    expect(screen.getByText('5000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('削除済み')).toBeTruthy();
    expect(within(dialog).queryByText(/nit_ivr_record/)).toBeNull();
    expect(within(dialog).getByText('300 [営業部]')).toBeTruthy();
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
