import type { TenantRow } from '@tsunagu/contract/tenant-admin';
import { PURGE_AFTER_DAYS } from '@tsunagu/contract/tenant-admin';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { dayjs } from '../../shared/dayjs';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { menuLabel } from '@tsunagu/contract/menu';
import { useConfirm } from '../../shared/ui/confirm';
import { useNotices } from '../../shared/ui/notices';
import { ServerListScreen, type ListFilter, type ServerColumn } from '../../shared/ui/server-list-screen';
import { syncUserInfo } from './acting';
import { ACTING_KEY } from './acting-banner';
import { ActDialog, DeleteTenantDialog } from './tenant-dialogs';
import { TenantEditDialog } from './tenant-edit-dialog';
import { TenantWizard } from './tenant-wizard';
import {
  disableTenant,
  enableTenant,
  getAllTenants,
  getTenantPage,
  restoreTenant,
  startActing,
} from './tenants-api';
import { jaTenants as t } from './tenants.ja';

const QUERY_KEY = ['tenants'] as const;
type Open = { kind: 'create' } | { kind: 'edit' | 'delete' | 'act'; tenant: TenantRow } | null;

function stateText(row: TenantRow): string {
  if (row.deletedAt)
    return t.deletedOn(dayjs(row.deletedAt).add(PURGE_AFTER_DAYS, 'day').format('YYYY/MM/DD'));
  return row.enabled ? t.enabled : t.disabled;
}

/** ドメイン管理 (9110, provider only): tenants with their quotas, the creation wizard and acting inside one. */
export function TenantsPage() {
  const [open, setOpen] = useState<Open>(null);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const notices = useNotices();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  // The tenant the console is in now (one's own, or the one acted in): it cannot be stopped from here.
  const current = useDomainUuid();

  const act = async (row: TenantRow, action: () => Promise<unknown>, question: string, done: string) => {
    if (!(await confirm(question))) return;
    try {
      await action();
      void message.success(done);
      refresh();
    } catch (error) {
      notices.failed(error);
    }
  };

  const columns = useMemo<ServerColumn<TenantRow>[]>(
    () => [
      {
        key: 'domainName',
        title: t.columns.domainName,
        sortField: 'domainName',
        width: 220,
        text: (r) => r.domainName,
      },
      {
        key: 'state',
        title: t.columns.state,
        width: 150,
        text: stateText,
        render: (r) => (
          <Tag color={r.deletedAt ? 'default' : r.enabled ? 'green' : 'red'}>{stateText(r)}</Tag>
        ),
      },
      {
        key: 'actions',
        title: t.columns.actions,
        width: 290,
        text: () => '',
        render: (r) =>
          r.deletedAt ? (
            <Button
              size="small"
              onClick={() =>
                void act(
                  r,
                  () => restoreTenant(r.domainUuid),
                  t.confirmRestore(r.domainName),
                  t.done.restored,
                )
              }
            >
              {t.actions.restore}
            </Button>
          ) : r.domainUuid === current ? (
            <Button size="small" onClick={() => setOpen({ kind: 'edit', tenant: r })}>
              {t.actions.edit}
            </Button>
          ) : (
            <Space size={4} wrap>
              <Button size="small" onClick={() => setOpen({ kind: 'edit', tenant: r })}>
                {t.actions.edit}
              </Button>
              {r.enabled ? (
                <Button
                  size="small"
                  onClick={() =>
                    void act(
                      r,
                      () => disableTenant(r.domainUuid),
                      t.confirmDisable(r.domainName),
                      t.done.disabled,
                    )
                  }
                >
                  {t.actions.disable}
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() =>
                    void act(
                      r,
                      () => enableTenant(r.domainUuid),
                      t.confirmEnable(r.domainName),
                      t.done.enabled,
                    )
                  }
                >
                  {t.actions.enable}
                </Button>
              )}
              <Button size="small" disabled={!r.enabled} onClick={() => setOpen({ kind: 'act', tenant: r })}>
                {t.actions.act}
              </Button>
              <Button size="small" danger onClick={() => setOpen({ kind: 'delete', tenant: r })}>
                {t.actions.delete}
              </Button>
            </Space>
          ),
      },
      { key: 'users', title: t.columns.users, width: 130, text: (r) => t.used(r.usersUsed, r.maxUsers) },
      {
        key: 'extensions',
        title: t.columns.extensions,
        width: 130,
        text: (r) => t.used(r.extensionsUsed, r.maxExtensions),
      },
      { key: 'description', title: t.columns.description, width: 200, text: (r) => r.domainDescription },
      {
        key: 'createdAt',
        title: t.columns.createdAt,
        sortField: 'createdAt',
        width: 120,
        text: (r) => dayjs(r.createdAt).format('YYYY/MM/DD'),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- act only closes over stable hooks
    [current],
  );
  const filters = useMemo<ListFilter[]>(
    () => [
      { kind: 'text', key: 'q', label: t.filters.q },
      {
        kind: 'select',
        key: 'state',
        label: t.filters.state,
        options: [{ value: 'deleted', label: t.states.deleted }],
      },
    ],
    [],
  );

  const startActingIn = async (tenant: TenantRow, reason: string) => {
    try {
      await startActing(tenant.domainUuid, reason);
      await syncUserInfo();
      await queryClient.invalidateQueries({ queryKey: ACTING_KEY });
      setOpen(null);
      void navigate('/');
    } catch (error) {
      notices.failed(error);
    }
  };

  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Flex justify="flex-end">
        <Button type="primary" onClick={() => setOpen({ kind: 'create' })}>
          {t.create}
        </Button>
      </Flex>
      <ServerListScreen<TenantRow>
        title={menuLabel('/system/admin') ?? ''}
        columns={columns}
        rowKey={(row) => row.domainUuid}
        queryKey={QUERY_KEY}
        defaultSort="domainName,asc"
        filters={filters}
        fetchPage={getTenantPage}
        fetchAll={getAllTenants}
      />
      {open?.kind === 'create' && <TenantWizard onClose={() => setOpen(null)} onCreated={refresh} />}
      {open?.kind === 'edit' && (
        <TenantEditDialog tenant={open.tenant} onClose={() => setOpen(null)} onSaved={refresh} />
      )}
      {open?.kind === 'delete' && (
        <DeleteTenantDialog tenant={open.tenant} onClose={() => setOpen(null)} onDeleted={refresh} />
      )}
      {open?.kind === 'act' && (
        <ActDialog
          tenant={open.tenant}
          onClose={() => setOpen(null)}
          onStart={(reason) => startActingIn(open.tenant, reason)}
        />
      )}
    </Flex>
  );
}
