import { menuConfig } from '@tsunagu/contract/menu';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

function renderSidebar(userClass: string, menu = '[]', path = '/dashboard') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar user={{ userClass, menu }} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'メインメニュー' }));
}

describe('sidebar', () => {
  it('shows a provider admin everything, including the Admin section', () => {
    const nav = renderSidebar('SP');
    for (const label of ['TOP', 'ホーム', '顧客', 'システム', 'PBX管理', '分析', '管理者', 'ドメイン管理']) {
      expect(nav.getByText(label)).toBeTruthy();
    }
  });

  it('opens the submenu of the current page', () => {
    const nav = renderSidebar('SP', '[]', '/system/sp-user');
    expect(nav.getByRole('link', { name: 'SPユーザー管理' })).toBeTruthy();
  });

  it('shows a tenant admin every item but the Admin section, ignoring stored hidden flags', () => {
    const nav = renderSidebar('CP', menuConfig([2000, 8120]), '/pbx/extension');
    for (const label of ['ホーム', '取引先情報管理', 'ユーザー管理', 'PBX管理', '内線番号', '発着信分析']) {
      expect(nav.getByText(label)).toBeTruthy();
    }
    expect(nav.queryByText('管理者')).toBeNull();
    expect(nav.queryByText('ドメイン管理')).toBeNull();
  });

  it('shows staff only what their stored menu leaves visible, dropping emptied headings', async () => {
    const nav = renderSidebar('staff', menuConfig([2000, 4100, 4200, 4300, 8120]));
    expect(nav.getByRole('link', { name: 'ホーム' })).toBeTruthy();
    expect(nav.queryByText('顧客')).toBeNull();
    expect(nav.queryByText('取引先情報管理')).toBeNull();
    expect(nav.queryByText('分析')).toBeNull();
    expect(nav.queryByText('管理者')).toBeNull();

    await userEvent.setup().click(nav.getByText('PBX管理'));
    expect(nav.getByRole('link', { name: 'グループ設定' })).toBeTruthy();
    expect(nav.queryByText('内線番号')).toBeNull();
  });

  it('shows staff without a stored menu nothing at all', () => {
    const nav = renderSidebar('staff', '');
    expect(nav.queryAllByRole('menuitem')).toHaveLength(0);
    expect(nav.queryByText('ホーム')).toBeNull();
  });
});
