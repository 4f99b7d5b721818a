import {
  LOGIN_ID_PATTERN,
  userAdminMessages,
  type ManagedUser,
  type ManagedUserSaveInput,
  type UserFormOptions,
} from '@tsunagu/contract/admin/users';
import { PASSWORD_MESSAGE } from '@tsunagu/contract/auth';
import { extensionMessages } from '@tsunagu/contract/pbx/extension';
import { visibleMenu } from '@tsunagu/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { alertMessage, findLastButton, renderScreen } from '../../shared/ui/testing/render-screen';
import { UserDialog } from './user-dialog';

const DOMAIN = '22222222-2222-4222-8222-222222222222';
const EXT_FREE = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbb1001';
const EXT_TAKEN = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbb1002';
const options: UserFormOptions = {
  extensions: [
    {
      extensionUuid: EXT_FREE,
      extension: '1001',
      effectiveCallerIdName: '空き',
      userUuid: null,
      userNm: null,
    },
    {
      extensionUuid: EXT_TAKEN,
      extension: '1002',
      effectiveCallerIdName: '使用中',
      userUuid: '33333333-3333-4333-8333-333333333333',
      userNm: '鈴木 花子',
    },
  ],
  groups: [{ commUuid: '44444444-4444-4444-8444-444444444444', commName: '営業部' }],
  ringGroups: [{ extension: '300', name: '代表' }],
};

function open(user: ManagedUser | null = null, self = false) {
  const onSave = vi.fn(async (_: ManagedUserSaveInput) => undefined);
  renderScreen(
    <UserDialog
      domainUuid={DOMAIN}
      user={user}
      options={options}
      self={self}
      onSave={onSave}
      onClose={() => undefined}
    />,
    userInfoFixture({ userClass: 'CP' }),
  );
  return onSave;
}

// A required field's label ends with its ※ mark.
const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}※?$`), { selector: 'input' });
async function fillBasics(id = 'tanaka.ichiro') {
  await userEvent.type(field('ログインID'), id);
  await userEvent.type(field('名前'), '田中 一郎');
}
async function expectAlert(message: string) {
  expect(await alertMessage()).toBe(message);
  await userEvent.click(await findLastButton('OK'));
}

describe('UserDialog', { timeout: 60_000 }, () => {
  it('checks the login ID and the typed password with the contract’s rules before sending', async () => {
    const onSave = open();
    await fillBasics('a b');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await expectAlert(userAdminMessages.loginIdFormat);
    expect(LOGIN_ID_PATTERN.test('a b')).toBe(false);
    await userEvent.clear(field('ログインID'));
    await userEvent.type(field('ログインID'), 'tanaka@example');
    await userEvent.click(screen.getByRole('radio', { name: '入力する' }));
    await userEvent.type(
      screen.getByLabelText(/^初期パスワード/, { selector: 'input[type=password]' }),
      'weak',
    );
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await expectAlert(PASSWORD_MESSAGE);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('creates a 一般 user with a generated password and the menu chosen in the tree', async () => {
    const onSave = open();
    await fillBasics();
    // Hide the whole 顧客 heading: its items disappear from the effective menu.
    await userEvent.click(screen.getByText('顧客'));
    await userEvent.click(screen.getByRole('button', { name: 'このユーザーとしてメニューを表示' }));
    const preview = await screen.findByRole('menu', { name: '田中 一郎 に表示されるメニュー' });
    expect(within(preview).queryByText('取引先情報管理')).toBeNull();
    expect(within(preview).getByText('内線番号')).toBeTruthy();
    await userEvent.click(await findLastButton('閉じる'));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const request = onSave.mock.calls[0]![0];
    expect(request).toMatchObject({ id: 'tanaka.ichiro', userClass: 'USER', generatePassword: true });
    expect(request.password).toBeUndefined();
    const paths = JSON.stringify(visibleMenu({ userClass: 'USER', menu: request.menu }));
    expect(paths).not.toContain('/cust/');
    expect(paths).toContain('/pbx/extension');
  });

  it('offers free extensions only, and checks a new extension’s number before sending', async () => {
    const onSave = open();
    await fillBasics();
    await userEvent.click(screen.getByRole('combobox', { name: '内線番号' }));
    // antd's accessible listbox holds only the active option: the drawn list item carries the state.
    const taken = (await screen.findByText(/^1002 使用中/)).closest('.ant-select-item-option');
    expect(taken?.classList.contains('ant-select-item-option-disabled')).toBe(true);
    await userEvent.click(await screen.findByText('新しい内線番号を作成する'));
    await userEvent.type(field('新しい内線番号'), '1001');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await expectAlert(extensionMessages.numberTaken);
    await userEvent.clear(field('新しい内線番号'));
    await userEvent.type(field('新しい内線番号'), '1005');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      extensionUuid: null,
      newExtension: { extension: '1005', effectiveCallerIdName: '田中 一郎' },
    });
  });

  it('shows no menu tree for 管理者, and keeps an administrator from disabling or demoting themselves', async () => {
    const me: ManagedUser = {
      userUuid: '11111111-1111-4111-8111-111111111111',
      id: 'admin',
      userNm: '管理者',
      userKana: '',
      email: '',
      userClass: 'CP',
      phoneType: 'verto',
      userPopup: true,
      extensionUuid: null,
      extension: null,
      groups: [],
      enabled: true,
      loginCnt: 1,
      lastSignInAt: null,
      mustChangePassword: false,
      menu: '[]',
    };
    open(me, true);
    expect(screen.getByText('管理者はすべてのメニュー（ドメイン管理を除く）を表示します。')).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
    expect((screen.getByRole('radio', { name: '一般' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /有効/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText('初期パスワード')).toBeNull();
  });
});
