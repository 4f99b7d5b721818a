import { variantForPath } from '@tsunagu/contract/menu';
import { visibleMenu, type MenuSubject } from '@tsunagu/contract/permissions';
import { Layout, Menu } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ja } from '../../shared/i18n/ja';
import { submenuKeysFor, toAntMenuItems } from './sidebar-items';

/** The left navigation: exactly the menu the user may see (contract visibleMenu), minimisable. */
export function Sidebar({ user }: { user: MenuSubject }) {
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const { userClass, menu } = user;
  const tree = useMemo(() => visibleMenu({ userClass, menu }), [userClass, menu]);
  const selected = variantForPath(pathname);

  return (
    <Layout.Sider
      theme="light"
      width={240}
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      style={{ borderRight: '1px solid #f0f0f0' }}
    >
      {/* The menu scrolls inside the sider's children, which end above the collapse trigger: with the
          sider itself scrolling, the last items (ステータス分析) slid under the fixed trigger. */}
      <nav aria-label={ja.sidebar.label} style={{ height: '100%', overflowY: 'auto' }}>
        <SidebarMenu tree={tree} selected={selected} />
      </nav>
    </Layout.Sider>
  );
}

/**
 * The menu itself, rendered again only when the selected item changes: moving between pages of one item
 * (one customer's record to the next, on a ring) must not re-render every menu entry.
 */
const SidebarMenu = memo(function SidebarMenu({
  tree,
  selected,
}: {
  tree: ReturnType<typeof visibleMenu>;
  selected: ReturnType<typeof variantForPath>;
}) {
  const items = useMemo(() => toAntMenuItems(tree), [tree]);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected === undefined ? [] : [String(selected)]}
      defaultOpenKeys={submenuKeysFor(tree, selected)}
      style={{ borderInlineEnd: 'none' }}
    />
  );
});
