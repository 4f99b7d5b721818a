import { doNotDisturbLabel, type Extension } from '@tsunagu/contract/pbx/extension';
import { enabledLabel } from '@tsunagu/contract/pbx/shared';
import { useCallback, useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import { useUsageLoader } from '../../shared/pbx/usage';
import { useCan } from '../../shared/session/use-can';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreen } from '../../shared/ui/list-screen';
import { useDeleteExtension } from './delete-extension';
import { ExtensionCreateDialog } from './extension-create-dialog';
import { ExtensionDialog } from './extension-dialog';
import { ExtensionPasswordDialog } from './extension-password-dialog';
import { useExtensions } from './get-extensions';
import { useSyncUserExtensions } from './sync-user-extensions';

const t = ja.pbx.extension;
const NONE: Extension[] = [];

const columns: GridColumn<Extension>[] = [
  { key: 'extension', title: t.extension, width: 110, text: (r) => r.extension },
  { key: 'name', title: t.name, text: (r) => r.effectiveCallerIdName },
  { key: 'caller', title: t.callerNumber, width: 150, text: (r) => r.outboundCallerIdNumber },
  { key: 'status', title: t.status, width: 100, text: (r) => enabledLabel(r.enabled) },
  { key: 'dnd', title: t.doNotDisturb, width: 100, text: (r) => doNotDisturbLabel(r.doNotDisturb) },
  { key: 'forward', title: t.forward, width: 150, text: (r) => r.forwardAllDestination },
];

const rowKey = (row: Extension) => row.extensionUuid;

type Dialog =
  | { kind: 'edit'; extension: Extension }
  | { kind: 'create' }
  | { kind: 'password'; extension: string; password: string; reset?: boolean };

/** /pbx/extension: the extension list (spec 2.6); administrators may also add and remove extensions. */
export function ExtensionsPage() {
  const mayCreate = useCan('pbx.extension.create');
  const mayDelete = useCan('pbx.extension.delete');
  const mayResetPassword = useCan('pbx.extension.resetPassword');
  const { data, isFetching, refetch } = useExtensions();
  const remove = useDeleteExtension();
  const usage = useUsageLoader('extension', rowKey);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = data?.list ?? NONE;
  useSyncUserExtensions(data?.list);

  const close = useCallback(() => setDialog(null), []);
  const showPassword = useCallback(
    (extension: string, password: string) => setDialog({ kind: 'password', extension, password }),
    [],
  );

  return (
    <>
      <ListScreen
        title={t.listTitle}
        rows={list}
        rowKey={rowKey}
        columns={columns}
        loading={isFetching}
        onCreate={mayCreate ? () => setDialog({ kind: 'create' }) : undefined}
        onEdit={(extension) => setDialog({ kind: 'edit', extension })}
        onDelete={
          mayDelete
            ? (row, removeReferences) => remove.mutateAsync({ id: row.extensionUuid, removeReferences })
            : undefined
        }
        usage={usage}
        onRefresh={refetch}
      />
      {dialog?.kind === 'edit' && (
        <ExtensionDialog
          extension={dialog.extension}
          onClose={close}
          onPasswordReset={
            mayResetPassword
              ? (password) =>
                  setDialog({
                    kind: 'password',
                    extension: dialog.extension.extension,
                    password,
                    reset: true,
                  })
              : undefined
          }
        />
      )}
      {dialog?.kind === 'create' && (
        <ExtensionCreateDialog
          usedNumbers={list.map((e) => e.extension)}
          onCreated={showPassword}
          onClose={() => setDialog((current) => (current?.kind === 'create' ? null : current))}
        />
      )}
      {dialog?.kind === 'password' && (
        <ExtensionPasswordDialog
          extension={dialog.extension}
          password={dialog.password}
          reset={dialog.reset}
          onClose={close}
        />
      )}
    </>
  );
}
