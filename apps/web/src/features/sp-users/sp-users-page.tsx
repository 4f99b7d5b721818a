import { menuLabel } from '@tsunagu/contract/menu';
import type { SpUser } from '@tsunagu/contract/tenant-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Flex,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { dayjs } from '../../shared/dayjs';
import { useConfirm } from '../../shared/ui/confirm';
import { useNotices } from '../../shared/ui/notices';
import { SpUserDialog } from './sp-user-dialog';
import { deleteSpUser, disableSpUser, getSpUsers, resetSpUserPassword } from './sp-users-api';
import { jaSpUsers as t } from './sp-users.ja';

const KEY = ['spUsers'] as const;
const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY/MM/DD HH:mm') : t.never);

/** SPユーザー管理 (9120, provider only): list, create, edit, disable, delete, reset password. */
export function SpUsersPage() {
  const list = useQuery({ queryKey: KEY, queryFn: getSpUsers });
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const notices = useNotices();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<SpUser | null | 'new'>(null);
  const [shown, setShown] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });

  const run = async (question: string, action: () => Promise<unknown>, done?: () => void) => {
    if (!(await confirm(question))) return;
    try {
      await action();
      refresh();
      done?.();
    } catch (error) {
      notices.failed(error);
    }
  };

  const columns: TableColumnsType<SpUser> = [
    { key: 'username', title: t.columns.username, dataIndex: 'username', width: 200 },
    { key: 'userNm', title: t.columns.userNm, dataIndex: 'userNm', width: 180 },
    {
      key: 'enabled',
      title: t.columns.enabled,
      width: 100,
      render: (_, u) => <Tag color={u.enabled ? 'green' : 'red'}>{u.enabled ? t.enabled : t.disabled}</Tag>,
    },
    { key: 'lastLoginAt', title: t.columns.lastLoginAt, width: 170, render: (_, u) => when(u.lastLoginAt) },
    {
      key: 'createdAt',
      title: t.columns.createdAt,
      width: 120,
      render: (_, u) => dayjs(u.createdAt).format('YYYY/MM/DD'),
    },
    {
      key: 'actions',
      title: t.columns.actions,
      render: (_, u) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(u)}>
            {t.actions.edit}
          </Button>
          <Button
            size="small"
            onClick={() =>
              void run(t.confirmReset(u.username), async () => {
                const answer = await resetSpUserPassword(u.userUuid);
                setShown(answer.password);
              })
            }
          >
            {t.actions.reset}
          </Button>
          {u.enabled && (
            <Button
              size="small"
              onClick={() =>
                void run(
                  t.confirmDisable(u.username),
                  () => disableSpUser(u.userUuid),
                  () => void message.success(t.done.disabled),
                )
              }
            >
              {t.actions.disable}
            </Button>
          )}
          <Button
            size="small"
            danger
            onClick={() =>
              void run(t.confirmDelete(u.username), () => deleteSpUser(u.userUuid), notices.deleted)
            }
          >
            {t.actions.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {menuLabel('/system/sp-user')}
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t.create}
        </Button>
      </Flex>
      <Table<SpUser>
        rowKey="userUuid"
        size="small"
        loading={list.isPending}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
      />
      {editing !== null && (
        <SpUserDialog
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
          onPassword={setShown}
        />
      )}
      {shown && (
        <Modal
          open
          title={t.shown.title}
          onCancel={() => setShown(null)}
          footer={<Button onClick={() => setShown(null)}>{t.shown.close}</Button>}
        >
          <Typography.Paragraph>{t.shown.text}</Typography.Paragraph>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t.shown.title}>
              <Typography.Text code copyable>
                {shown}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Modal>
      )}
    </Flex>
  );
}
