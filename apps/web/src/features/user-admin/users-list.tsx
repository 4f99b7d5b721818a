import {
  PHONE_TYPE_LABELS,
  userClassLabel,
  type ManagedUser,
  type ManagedUserSaveInput,
} from '@tsunagu/contract/admin/users';
import { isProviderUser } from '@tsunagu/contract/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { dayjs } from '../../shared/dayjs';
import { useUserInfo } from '../../shared/session/session-store';
import { useConfirm } from '../../shared/ui/confirm';
import { useNotices } from '../../shared/ui/notices';
import { ServerListScreen, type ListFilter, type ServerColumn } from '../../shared/ui/server-list-screen';
import {
  deleteUser,
  forceLogout,
  getUserExport,
  getUserFormOptions,
  getUserPage,
  resetUserPassword,
  saveUser,
  userAdminKeys,
} from './user-admin-api';
import { jaUserAdmin as t } from './user-admin.ja';
import { PasswordOnceDialog } from './password-once-dialog';
import { ImportDialog } from './import-dialog';
import { UserDialog } from './user-dialog';

/** The tenant's users, server-paged, with create, edit, password reset, forced sign-out and delete. */
export function UsersList({ domainUuid, title }: { domainUuid: string; title: string }) {
  const me = useUserInfo().user;
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const notices = useNotices();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ user: ManagedUser | null } | null>(null);
  const [shown, setShown] = useState<{ id: string; password: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const options = useQuery({
    queryKey: userAdminKeys.options(domainUuid),
    queryFn: () => getUserFormOptions(domainUuid),
    enabled: editing !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all(domainUuid) });

  const run = async (question: string, action: () => Promise<unknown>, done: () => void) => {
    if (!(await confirm(question))) return;
    try {
      await action();
      done();
    } catch (error) {
      notices.failed(error);
    }
    void refresh();
  };

  const columns = useMemo<ServerColumn<ManagedUser>[]>(
    () => [
      { key: 'id', title: t.columns.id, sortField: 'id', width: 160, text: (u) => u.id },
      { key: 'userNm', title: t.columns.userNm, sortField: 'userNm', width: 160, text: (u) => u.userNm },
      {
        key: 'extension',
        title: t.columns.extension,
        sortField: 'extension',
        width: 100,
        text: (u) => u.extension ?? '',
      },
      {
        key: 'groups',
        title: t.columns.groups,
        width: 180,
        text: (u) => u.groups.map((g) => g.commName).join('、'),
      },
      {
        key: 'userClass',
        title: t.columns.userClass,
        sortField: 'userClass',
        width: 90,
        text: (u) => userClassLabel(u.userClass),
      },
      {
        key: 'phoneType',
        title: t.columns.phoneType,
        width: 110,
        text: (u) => PHONE_TYPE_LABELS[u.phoneType],
      },
      {
        key: 'enabled',
        title: t.columns.enabled,
        width: 90,
        text: (u) => (u.enabled ? t.enabled : t.disabled),
        render: (u) => (u.enabled ? t.enabled : <Tag color="red">{t.disabled}</Tag>),
      },
      {
        key: 'online',
        title: t.columns.online,
        width: 130,
        text: (u) => t.online(u.loginCnt),
        render: (u) => <Badge status={u.loginCnt > 0 ? 'success' : 'default'} text={t.online(u.loginCnt)} />,
      },
      {
        key: 'lastSignInAt',
        title: t.columns.lastSignInAt,
        sortField: 'lastSignInAt',
        width: 160,
        text: (u) => (u.lastSignInAt ? dayjs(u.lastSignInAt).format('YYYY/MM/DD HH:mm') : t.never),
      },
      {
        key: 'actions',
        title: t.columns.actions,
        width: 410,
        text: () => '',
        render: (u) =>
          isProviderUser(u) ? null : (
            <Space size={4} wrap>
              <Button size="small" onClick={() => setEditing({ user: u })}>
                {t.edit}
              </Button>
              <Button
                size="small"
                onClick={() =>
                  void run(
                    t.confirmReset(u.userNm || u.id),
                    async () => setShown({ id: u.id, ...(await resetUserPassword(u.userUuid)) }),
                    () => undefined,
                  )
                }
              >
                {t.resetPassword}
              </Button>
              <Button
                size="small"
                disabled={u.userUuid === me.userUuid}
                onClick={() =>
                  void run(
                    t.confirmForceLogout(u.userNm || u.id),
                    () => forceLogout(u.userUuid),
                    () => void message.success(t.signedOut),
                  )
                }
              >
                {t.forceLogout}
              </Button>
              <Button
                size="small"
                danger
                disabled={u.userUuid === me.userUuid}
                onClick={() =>
                  void run(t.confirmDelete(u.userNm || u.id), () => deleteUser(u.userUuid), notices.deleted)
                }
              >
                {t.remove}
              </Button>
            </Space>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers only close over stable hooks
    [me.userUuid],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      { kind: 'text', key: 'q', label: t.filters.q },
      { kind: 'select', key: 'enabled', label: t.filters.enabled, options: t.enabledOptions },
    ],
    [],
  );

  const onSave = async (request: ManagedUserSaveInput) => {
    const saved = await saveUser(request);
    if (saved.password) setShown({ id: saved.user.id, password: saved.password });
    void refresh();
  };

  return (
    <>
      <ServerListScreen<ManagedUser>
        title={title}
        columns={columns}
        rowKey={(u) => u.userUuid}
        queryKey={userAdminKeys.list(domainUuid)}
        defaultSort="id,asc"
        filters={filters}
        fetchPage={(state, signal) => getUserPage(domainUuid, state, signal)}
        fetchAll={(state) => getUserExport(domainUuid, state)}
        toolbar={
          <>
            <Button type="primary" onClick={() => setEditing({ user: null })}>
              {t.create}
            </Button>
            <Button onClick={() => setImporting(true)}>{t.import.button}</Button>
          </>
        }
      />
      {editing && (
        <UserDialog
          domainUuid={domainUuid}
          user={editing.user}
          options={options.data}
          self={editing.user?.userUuid === me.userUuid}
          onSave={onSave}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && (
        <ImportDialog
          domainUuid={domainUuid}
          onDone={() => void refresh()}
          onClose={() => setImporting(false)}
        />
      )}
      {shown && <PasswordOnceDialog id={shown.id} password={shown.password} onClose={() => setShown(null)} />}
    </>
  );
}
