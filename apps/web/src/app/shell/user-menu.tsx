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
      <Button type="text" aria-label={ja.header.userMenu} style={{ height: 'auto', paddingBlock: 2 }}>
        <Avatar size={28} style={{ backgroundColor: '#1677ff' }}>
          {initials(userNm)}
        </Avatar>
        {userNm}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
