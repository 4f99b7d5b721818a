import { DownOutlined, LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useLogout } from '../../features/auth/logout';
import { ja } from '../../shared/i18n/ja';
import { initials } from '../../shared/ui/initials';

/** The user's name and initials, opening a menu with Logout. */
export function UserMenu({ userNm }: { userNm: string }) {
  const logout = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: ja.header.logout }],
        onClick: ({ key }) => {
          if (key === 'logout') logout();
        },
      }}
    >
      {/* The avatar sits beside the button, not in it: its initials would be visible text missing from
          the button's name (WCAG 2.5.3). A click on it still opens the menu (the wrapper is the trigger). */}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, cursor: 'pointer' }}>
        <Avatar aria-hidden size={28} style={{ backgroundColor: '#0958d9' }}>
          {initials(userNm)}
        </Avatar>
        <Button
          type="text"
          aria-label={ja.header.userMenu(userNm)}
          style={{ height: 'auto', paddingBlock: 2 }}
        >
          {userNm}
          <DownOutlined aria-hidden />
        </Button>
      </span>
    </Dropdown>
  );
}
