import type { TenantRow } from '@tsunagu/contract/tenant-admin';
import { tenantMessages } from '@tsunagu/contract/tenant-admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userInfoFixture } from '../../test/fixtures';
import { envelope, mockApi } from '../../test/mock-api';
import { alertMessage, findLastButton, renderScreen } from '../../shared/ui/testing/render-screen';
import { TenantsPage } from './tenants-page';

const TENANT: TenantRow = {
  domainUuid: '33333333-3333-4333-8333-333333333333',
  domainName: 'shop.tsunagu.jp',
  domainDescription: '株式会社ショップ',
  enabled: true,
  createdAt: '2026-11-01T00:00:00Z',
  deletedAt: null,
  usersUsed: 2,
  maxUsers: 10,
  extensionsUsed: 3,
  maxExtensions: 5,
};
const page = (content: TenantRow[]) => ({ content, totalElements: content.length, number: 0, size: 20 });
const sp = () => userInfoFixture({ userClass: 'SP', id: 'sp' });

function show() {
  const router = createMemoryRouter(
    [
      { path: '/system/admin', element: <TenantsPage /> },
      { path: '/', element: <p>ダッシュボード</p> },
    ],
    { initialEntries: ['/system/admin'] },
  );
  renderScreen(<RouterProvider router={router} />, sp());
  return router;
}

describe('TenantsPage', { timeout: 60_000 }, () => {
  it('lists tenants with what they use against their quotas', async () => {
    mockApi({ 'GET /api/v1/domain/list': () => envelope(200, '', page([TENANT])) });
    show();
    expect(await screen.findByText('shop.tsunagu.jp')).toBeTruthy();
    expect(screen.getByText('2 / 10')).toBeTruthy();
    expect(screen.getByText('3 / 5')).toBeTruthy();
    expect(screen.getByText('有効')).toBeTruthy();
  });

  it('sends the anchor of the page it was sent back with the next page, and only for the same filter', async () => {
    // 45 tenants, 20 a page: each answer carries its page's anchor as the server writes it.
    const rows = Array.from({ length: 45 }, (_, i) => ({
      ...TENANT,
      domainUuid: `33333333-3333-4333-8333-3333333333${String(i).padStart(2, '0')}`,
      domainName: `t${String(i).padStart(2, '0')}.tsunagu.jp`,
    }));
    const requests = mockApi({
      'GET /api/v1/domain/list': ({ query }) => {
        const number = Number(query.get('page'));
        const content = rows.slice(number * 20, number * 20 + 20);
        const anchor = `${number}~20~a~${content[0]!.domainUuid}~${content.at(-1)!.domainUuid}`;
        return envelope(200, '', { content, totalElements: rows.length, number, size: 20, anchor });
      },
    });
    const user = userEvent.setup({ delay: null });
    show();
    await screen.findByText('t00.tsunagu.jp');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('t20.tsunagu.jp');
    await user.click(screen.getByRole('listitem', { name: '3' }));
    await screen.findByText('t40.tsunagu.jp');
    const sent = () => requests.map((r) => [r.query.get('page'), r.query.get('anchor')]);
    expect(sent()).toEqual([
      ['0', null],
      ['1', `0~20~a~${rows[0]!.domainUuid}~${rows[19]!.domainUuid}`],
      ['2', `1~20~a~${rows[20]!.domainUuid}~${rows[39]!.domainUuid}`],
    ]);

    // Another filter is another list: its first request sends no anchor of this one.
    await user.type(screen.getByRole('textbox', { name: 'ドメイン名・説明' }), 'shop{Enter}');
    await waitFor(() => expect(requests.at(-1)!.query.get('q')).toBe('shop'));
    expect(requests.at(-1)!.query.get('anchor')).toBeNull();
  });

  it('creates a tenant step by step, checks each step with the contract, and shows the password once', async () => {
    const requests = mockApi({
      'GET /api/v1/domain/list': () => envelope(200, '', page([])),
      'POST /api/v1/domain': () =>
        envelope(200, '', { domainUuid: TENANT.domainUuid, username: 'owner', password: 'Gen#Pass2026x' }),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '新規作成' }));
    const dialog = await screen.findByRole('dialog');
    const next = () => userEvent.click(within(dialog).getByRole('button', { name: '次へ' }));

    await userEvent.type(within(dialog).getByLabelText('ドメイン名'), 'Shop.Example');
    await next();
    expect(await alertMessage()).toBe(tenantMessages.domainName);
    await userEvent.click(await findLastButton('OK'));
    await userEvent.clear(within(dialog).getByLabelText('ドメイン名'));
    await userEvent.type(within(dialog).getByLabelText('ドメイン名'), 'shop.tsunagu.jp');
    await userEvent.type(within(dialog).getByLabelText('説明（ヘッダーに表示）'), '株式会社ショップ');
    await next();
    await next(); // the quotas' defaults
    await userEvent.type(within(dialog).getByLabelText('ログインID'), 'owner');
    await userEvent.type(within(dialog).getByLabelText('氏名'), '店主 一郎');
    await next();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '最初の内線番号を作成する' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '回線を追加' }));
    await userEvent.type(within(dialog).getByLabelText('発信者番号 1'), '0312345678');
    await userEvent.type(within(dialog).getByLabelText('回線名 1'), '代表');
    await next();
    expect(within(dialog).getByText('1001 ～ 1003')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '作成' }));

    expect(await screen.findByText('Gen#Pass2026x')).toBeTruthy();
    const created = requests.find((r) => r.method === 'POST');
    expect(created?.body).toEqual({
      domainName: 'shop.tsunagu.jp',
      domainDescription: '株式会社ショップ',
      quotas: { maxUsers: 10, maxExtensions: 10, maxRingGroups: 5, maxIvrMenus: 3, audioMb: 100 },
      admin: { username: 'owner', userNm: '店主 一郎' },
      extensions: { from: '1001', to: '1003' },
      lines: [{ name: '代表', number: '0312345678' }],
      numbers: [],
    });
  });

  it('deletes only once the domain name is typed', async () => {
    const requests = mockApi({
      'GET /api/v1/domain/list': () => envelope(200, '', page([TENANT])),
      [`DELETE /api/v1/domain/${TENANT.domainUuid}`]: () => envelope(200, '', null),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: '削除する' });
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('ドメイン名'), 'shop.tsunagu.jp');
    expect((ok as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(ok);
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('starts acting inside a tenant with a reason, then opens its console', async () => {
    const requests = mockApi({
      'GET /api/v1/domain/list': () => envelope(200, '', page([TENANT])),
      [`POST /api/v1/domain/${TENANT.domainUuid}/act`]: () =>
        envelope(200, '', {
          domainUuid: TENANT.domainUuid,
          domainName: TENANT.domainName,
          reason: '調査',
          until: '2026-11-26T12:00:00Z',
        }),
      'GET /api/v1/user/info/sp': () => envelope(200, '', sp()),
    });
    const router = show();
    await userEvent.click(await screen.findByRole('button', { name: '代理操作' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '代理操作を開始' }));
    expect(await alertMessage()).toBe(tenantMessages.reason);
    await userEvent.click(await findLastButton('OK'));
    await userEvent.type(within(dialog).getByLabelText('理由'), '調査');
    await userEvent.click(within(dialog).getByRole('button', { name: '代理操作を開始' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((r) => r.path.endsWith('/act'))?.body).toEqual({ reason: '調査' });
  });
});
