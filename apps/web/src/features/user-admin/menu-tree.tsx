import { staffMenu } from '@tsunagu/contract/admin/users';
import type { MenuItem } from '@tsunagu/contract/menu';
import { MENU_ITEM_NOTES, visibleMenu } from '@tsunagu/contract/permissions';
import { Button, Empty, Menu, Modal, Tree, Typography, type MenuProps, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { jaUserAdmin } from './user-admin.ja';
import { menuShowingLeaves } from './menu-choice';

const t = jaUserAdmin.dialog;

const toTree = (items: readonly MenuItem[]): TreeDataNode[] =>
  items.map((item) => ({
    key: item.variant,
    title: MENU_ITEM_NOTES[item.variant] ? (
      <>
        {item.label} <Typography.Text type="secondary">（{MENU_ITEM_NOTES[item.variant]}）</Typography.Text>
      </>
    ) : (
      item.label
    ),
    ...(item.children ? { children: toTree(item.children) } : {}),
  }));

const toMenu = (items: readonly MenuItem[]): NonNullable<MenuProps['items']> =>
  items.map((item) =>
    item.heading
      ? {
          type: 'group' as const,
          key: item.variant,
          label: item.label,
          children: toMenu(item.children ?? []),
        }
      : item.children
        ? { key: item.variant, label: item.label, children: toMenu(item.children) }
        : { key: item.variant, label: item.label },
  );

export interface MenuTreeProps {
  /** The leaves shown. */
  value: number[];
  onChange: (leaves: number[]) => void;
  /** The user's name, for the preview's title. */
  userNm: string;
}

/**
 * The menu of spec 6 for a 一般 user as a checkbox tree (a parent shows when any child does), and a
 * preview of the sidebar this user will see, drawn from the contract's own visibleMenu.
 */
export function MenuTree({ value, onChange, userNm }: MenuTreeProps) {
  const treeData = useMemo(() => toTree(staffMenu()), []);
  const [previewing, setPreviewing] = useState(false);
  const effective = useMemo(
    () => visibleMenu({ userClass: 'USER', menu: menuShowingLeaves(value) }),
    [value],
  );
  return (
    <>
      <Typography.Text type="secondary">{t.menuHelp}</Typography.Text>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          const leafSet = new Set(leaves(treeData));
          onChange(keys.map(Number).filter((key) => leafSet.has(key)));
        }}
      />
      <Button size="small" style={{ marginTop: 8 }} onClick={() => setPreviewing(true)}>
        {t.preview}
      </Button>
      {previewing && (
        <Modal
          open
          title={t.previewTitle(userNm)}
          onCancel={() => setPreviewing(false)}
          footer={<Button onClick={() => setPreviewing(false)}>{t.close}</Button>}
          width={320}
        >
          {effective.length === 0 ? (
            <Empty description={t.previewEmpty} />
          ) : (
            <Menu
              aria-label={t.previewTitle(userNm)}
              mode="inline"
              selectable={false}
              defaultOpenKeys={effective.flatMap((item) => (item.children ? [String(item.variant)] : []))}
              items={toMenu(effective)}
            />
          )}
        </Modal>
      )}
    </>
  );
}

function leaves(nodes: readonly TreeDataNode[]): number[] {
  return nodes.flatMap((node) => (node.children ? leaves(node.children) : [Number(node.key)]));
}
