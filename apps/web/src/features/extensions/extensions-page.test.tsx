import type { Extension } from '@tsunagu/contract/pbx/extension';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TenantDirectory } from '@tsunagu/contract/auth';
import { directoryKey } from '../../shared/session/tenant-directory';
import { directoryFixture, directoryRoute, userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { alertMessage, findLastButton, renderScreen, rowWith } from '../../shared/ui/testing/render-screen';
import { ExtensionsPage } from './extensions-page';

const DOMAIN = '22222222-2222-4222-8222-222222222222';

function extension(number: string, name: string, changes: Partial<Extension> = {}): Extension {
  const uuid = `bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbb${number}`;
  return {
    id: uuid,
    extensionUuid: uuid,
    extension: number,
    userContext: 'sample.example',
    effectiveCallerIdName: name,
    outboundCallerIdNumber: '',
    enabled: 'true',
    doNotDisturb: 'false',
    forwardAllDestination: '',
    ...changes,
  };
}

const list = [
  extension('1001', '山田 太郎'),
  extension('1002', '鈴木 花子', {
    enabled: 'false',
    doNotDisturb: 'true',
    forwardAllDestination: '09012345678',
  }),
];

const admin = () => userInfoFixture({ userClass: 'CP' });
const gwList = [{ gatewayUuid: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', gateway: '0312345678' }];

function api() {
  const created = extension('1005', '会議室');
  return mockApi({
    [`GET /api/v1/extension/${DOMAIN}`]: () => envelope(200, '', { list }),
    ...directoryRoute(directoryFixture({ gwList })),
    'POST /api/v1/extension': () => envelope(200, '', { list }),
    [`POST /api/v1/extension/${DOMAIN}/${list[0]?.extensionUuid}/password`]: () =>
      envelope(200, '', { extension: '1001', password: 'N3w-Pa55word' }),
    'POST /api/v1/extension/create': () =>
      envelope(200, '', { extension: created, password: 'S3cret-Pa55', list: [...list, created] }),
  });
}

async function expectAlert(message: string) {
  expect(await alertMessage()).toBe(message);
  await userEvent.click(await findLastButton('OK'));
}

// Dialog round trips in jsdom are slow on a busy machine.
describe('ExtensionsPage', { timeout: 60_000 }, () => {
  it("labels status and do-not-disturb, and keeps the tenant directory's extensions in step", async () => {
    api();
    const { queryClient } = renderScreen(<ExtensionsPage />, admin());
    queryClient.setQueryData(directoryKey(DOMAIN), directoryFixture());
    await screen.findByText('山田 太郎');
    expect(screen.getByText('内線リスト')).toBeTruthy();
    expect(within(rowWith('山田 太郎')).getByText('利用')).toBeTruthy();
    expect(within(rowWith('山田 太郎')).getByText('着信')).toBeTruthy();
    expect(within(rowWith('鈴木 花子')).getByText('停止')).toBeTruthy();
    expect(within(rowWith('鈴木 花子')).getByText('拒否')).toBeTruthy();
    await waitFor(() =>
      expect(
        queryClient.getQueryData<TenantDirectory>(directoryKey(DOMAIN))?.extensions.map((e) => e.label),
      ).toEqual(['1001 (山田 太郎)', '1002 (鈴木 花子)']),
    );
  });

  it('edits in 内線登録: read-only number and name, gateways as caller numbers, the forward rule', async () => {
    const requests = api();
    renderScreen(<ExtensionsPage />, admin());
    await userEvent.click(await screen.findByText('山田 太郎'));
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('内線登録')).toBeTruthy();
    expect((within(dialog).getByLabelText('内線番号') as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByLabelText('表示名') as HTMLInputElement).readOnly).toBe(true);

    const forward = within(dialog).getByLabelText('転送先') as HTMLInputElement;
    await userEvent.type(forward, 'a9x');
    expect(forward.value).toBe('9');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await expectAlert('転送先を確認してください。（数字・#・*・空白で3 ~ 12文字）');

    await userEvent.type(forward, '00');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '発信者番号' }));
    await userEvent.click((await screen.findAllByTitle('0312345678')).at(-1) as HTMLElement);
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保存されました!')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      extensionUuid: list[0]?.extensionUuid,
      outboundCallerIdNumber: '0312345678',
      enabled: 'true',
      doNotDisturb: 'false',
      forwardAllDestination: '900',
    });
  });

  it('creates an extension and shows its password once, with a copy button', async () => {
    api();
    renderScreen(<ExtensionsPage />, admin());
    await screen.findByText('山田 太郎');
    await userEvent.click(screen.getByRole('button', { name: '新規' }));
    const dialog = await screen.findByRole('dialog');
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await save();
    await expectAlert('内線番号を入力してください。');
    await userEvent.type(within(dialog).getByLabelText(/内線番号/), '1001');
    await save();
    await expectAlert('登録済みの内線番号です。');
    await userEvent.clear(within(dialog).getByLabelText(/内線番号/));
    await userEvent.type(within(dialog).getByLabelText(/内線番号/), '1005');
    await userEvent.type(within(dialog).getByLabelText(/表示名/), '会議室');
    await save();

    const password = (await screen.findByLabelText('SIPパスワード')) as HTMLInputElement;
    expect(password.value).toBe('S3cret-Pa55');
    expect(screen.getByText(/内線 1005 を追加しました。/)).toBeTruthy();
    expect(screen.getByText(/このパスワードは今回のみ表示され/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'コピー' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('内線追加')).toBeNull());
  });

  it('lets an administrator reset the SIP password from 内線登録, showing the new one once', async () => {
    const requests = api();
    renderScreen(<ExtensionsPage />, admin());
    await userEvent.click(await screen.findByText('山田 太郎'));
    await userEvent.click(screen.getByRole('button', { name: '修正' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'パスワード再発行' }));
    await userEvent.click(await findLastButton('はい'));
    const password = (await screen.findByLabelText('SIPパスワード', {
      selector: 'input',
    })) as HTMLInputElement;
    await waitFor(() => expect(password.value).toBe('N3w-Pa55word'));
    expect(screen.getByText(/内線 1001 のパスワードを再発行しました。/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/password'))).toBe(true);
  });

  it('offers no New or Delete to staff', async () => {
    api();
    renderScreen(<ExtensionsPage />, userInfoFixture({ userClass: 'USER' }));
    await screen.findByText('山田 太郎');
    expect(screen.queryByRole('button', { name: '新規' })).toBeNull();
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
  });
});
