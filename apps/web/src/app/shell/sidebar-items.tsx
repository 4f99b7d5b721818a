import {
  AppstoreOutlined,
  BarChartOutlined,
  ClusterOutlined,
  ContactsOutlined,
  FundOutlined,
  HistoryOutlined,
  HomeOutlined,
  ImportOutlined,
  LayoutOutlined,
  LineChartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuItem } from '@tsunagu/contract/menu';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type AntMenuItem = Required<MenuProps>['items'][number];

// Icons keep the minimised sidebar usable; keyed by menu variant.
const ICONS: Partial<Record<number, ReactNode>> = {
  1000: <HomeOutlined />,
  2100: <ContactsOutlined />,
  2200: <HistoryOutlined />,
  2300: <ImportOutlined />,
  3100: <TeamOutlined />,
  3200: <LayoutOutlined />,
  8000: <AppstoreOutlined />,
  4100: <LineChartOutlined />,
  4200: <BarChartOutlined />,
  4300: <FundOutlined />,
  9100: <ClusterOutlined />,
};

/** antd menu items for a pruned menu tree: headings become groups, items with children submenus. */
export function toAntMenuItems(items: readonly MenuItem[]): AntMenuItem[] {
  return items.map((item): AntMenuItem => {
    const key = String(item.variant);
    const icon = ICONS[item.variant];
    if (item.heading)
      return { type: 'group', key, label: item.label, children: toAntMenuItems(item.children ?? []) };
    if (item.children) return { key, icon, label: item.label, children: toAntMenuItems(item.children) };
    return { key, icon, label: item.path ? <Link to={item.path}>{item.label}</Link> : item.label };
  });
}

function ancestorsOf(items: readonly MenuItem[], variant: number): MenuItem[] | null {
  for (const item of items) {
    if (item.variant === variant) return [];
    const inner = item.children ? ancestorsOf(item.children, variant) : null;
    if (inner) return [item, ...inner];
  }
  return null;
}

/** Keys of the submenus that contain the given variant, so the current page's submenu starts open. */
export function submenuKeysFor(items: readonly MenuItem[], variant: number | undefined): string[] {
  if (variant === undefined) return [];
  return (ancestorsOf(items, variant) ?? [])
    .filter((item) => item.children && !item.heading)
    .map((item) => String(item.variant));
}
