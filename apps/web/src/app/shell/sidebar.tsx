import { variantForPath, visibleMenu, type MenuSubject } from '@tsunagu/contract/menu';
import { Layout, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ja } from '../../shared/i18n/ja';
import { submenuKeysFor, toAntMenuItems } from './sidebar-items';

/** The left navigation: exactly the menu the user may see (contract visibleMenu), minimisable. */
export function Sidebar({ user }: { user: MenuSubject }) {
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const { userClass, menu } = user;
  const tree = useMemo(() => visibleMenu({ userClass, menu }), [userClass, menu]);
  const items = useMemo(() => toAntMenuItems(tree), [tree]);
  const selected = variantForPath(pathname);

  return (
    <Layout.Sider
      theme="light"
      width={240}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      style={{ borderRight: '1px solid #f0f0f0', overflow: 'auto' }}
    >
      <nav aria-label={ja.sidebar.label}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selected === undefined ? [] : [String(selected)]}
          defaultOpenKeys={submenuKeysFor(tree, selected)}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
    </Layout.Sider>
  );
}
