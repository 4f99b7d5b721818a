import { menuLabel } from '@tsunagu/contract/menu';
import { Tabs } from 'antd';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { useCan } from '../../shared/session/use-can';
import { PresenceGroupsPanel } from './presence-groups-panel';
import { jaUserAdmin as t } from './user-admin.ja';
import { UsersList } from './users-list';

/** ユーザー管理 (/system/user): the tenant's users and its presence groups. */
export function UsersPage() {
  const domainUuid = useDomainUuid();
  const groups = useCan('userGroup.manage');
  const title = menuLabel('/system/user') ?? '';
  return (
    <Tabs
      // The side panel's fold button sits over the page's top-right corner: keep the buttons clear of it.
      style={{ paddingRight: 36 }}
      destroyOnHidden
      items={[
        { key: 'users', label: t.tabs.users, children: <UsersList domainUuid={domainUuid} title={title} /> },
        ...(groups
          ? [
              {
                key: 'groups',
                label: t.tabs.groups,
                children: <PresenceGroupsPanel domainUuid={domainUuid} />,
              },
            ]
          : []),
      ]}
    />
  );
}
