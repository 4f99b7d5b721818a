import type { PresenceGroup, PresenceGroupSaveInput } from '@tsunagu/contract/admin/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../shared/ui/confirm';
import { useNotices } from '../../shared/ui/notices';
import { PresenceGroupDialog } from './presence-group-dialog';
import {
  deletePresenceGroup,
  getPresenceGroups,
  getUserFormOptions,
  savePresenceGroup,
  userAdminKeys,
} from './user-admin-api';
import { jaUserAdmin } from './user-admin.ja';

const t = jaUserAdmin.groups;

/** The tenant's presence groups (the presence tab's groups): list, create, edit, delete. */
export function PresenceGroupsPanel({ domainUuid }: { domainUuid: string }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const notices = useNotices();
  const [editing, setEditing] = useState<{ group: PresenceGroup | null } | null>(null);
  const key = userAdminKeys.groups(domainUuid);
  const groups = useQuery({ queryKey: key, queryFn: () => getPresenceGroups(domainUuid) });
  const options = useQuery({
    queryKey: userAdminKeys.options(domainUuid),
    queryFn: () => getUserFormOptions(domainUuid),
    enabled: editing !== null,
  });
  const changed = (list: PresenceGroup[]) => {
    queryClient.setQueryData(key, list);
    // The user list shows each user's groups.
    void queryClient.invalidateQueries({ queryKey: userAdminKeys.list(domainUuid) });
    void queryClient.invalidateQueries({ queryKey: userAdminKeys.options(domainUuid) });
  };
  const save = async (request: PresenceGroupSaveInput) => changed(await savePresenceGroup(request));
  const remove = async (group: PresenceGroup) => {
    if (!(await confirm(t.confirmDelete(group.commName)))) return;
    try {
      changed(await deletePresenceGroup(group.commUuid));
      notices.deleted();
    } catch (error) {
      notices.failed(error);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t.lead}</Typography.Text>
        <Button type="primary" onClick={() => setEditing({ group: null })}>
          {jaUserAdmin.create}
        </Button>
      </Flex>
      <Table<PresenceGroup>
        rowKey="commUuid"
        loading={groups.isFetching}
        dataSource={groups.data ?? []}
        pagination={false}
        locale={{ emptyText: t.empty }}
        columns={[
          { key: 'commName', title: t.columns.commName, dataIndex: 'commName', width: 200 },
          { key: 'commSub1', title: t.columns.commSub1, width: 120, render: (_, g) => g.commSub1 ?? '' },
          {
            key: 'members',
            title: t.columns.members,
            render: (_, g) =>
              `${t.memberCount(g.userList.length)}: ${g.userList.map((u) => u.userNm || u.id).join('、')}`,
          },
          {
            key: 'actions',
            title: t.columns.actions,
            width: 160,
            render: (_, g) => (
              <Space size={4}>
                <Button size="small" onClick={() => setEditing({ group: g })}>
                  {jaUserAdmin.edit}
                </Button>
                <Button size="small" danger onClick={() => void remove(g)}>
                  {jaUserAdmin.remove}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <PresenceGroupDialog
          domainUuid={domainUuid}
          group={editing.group}
          ringGroups={options.data?.ringGroups ?? []}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
