import type { TenantRow } from '@tsunagu/contract/tenant-admin';
import { actingStartSchema } from '@tsunagu/contract/tenant-admin';
import { Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { showAlert } from '../../shared/ui/alert';
import { useNotices } from '../../shared/ui/notices';
import { deleteTenant } from './tenants-api';
import { jaTenants as t } from './tenants.ja';

/** Deleting a tenant: its domain name must be typed to confirm. */
export function DeleteTenantDialog({
  tenant,
  onClose,
  onDeleted,
}: {
  tenant: TenantRow;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const notices = useNotices();
  const remove = async () => {
    setBusy(true);
    try {
      await deleteTenant(tenant.domainUuid, typed.trim());
      onDeleted();
      onClose();
    } catch (error) {
      notices.failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t.deleteDialog.title}
      okText={t.deleteDialog.ok}
      okButtonProps={{ danger: true, disabled: typed.trim() !== tenant.domainName, loading: busy }}
      cancelText={t.cancel}
      mask={{ closable: false }}
      onOk={() => void remove()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t.deleteDialog.text(tenant.domainName)}</Typography.Paragraph>
      <label htmlFor={id}>{t.deleteDialog.label}</label>
      <Input id={id} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
    </Modal>
  );
}

/** Starting to act inside a tenant: the reason is required and recorded. */
export function ActDialog({
  tenant,
  onClose,
  onStart,
}: {
  tenant: TenantRow;
  onClose: () => void;
  onStart: (reason: string) => Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    const checked = actingStartSchema.safeParse({ reason });
    if (!checked.success) return showAlert(checked.error.issues[0]?.message ?? '');
    setBusy(true);
    try {
      await onStart(checked.data.reason);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t.actDialog.title(tenant.domainName)}
      okText={t.actDialog.ok}
      okButtonProps={{ loading: busy }}
      cancelText={t.cancel}
      mask={{ closable: false }}
      onOk={() => void start()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t.actDialog.text}</Typography.Paragraph>
      <label htmlFor={id}>{t.actDialog.reason}</label>
      <Input.TextArea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={200}
        rows={3}
      />
    </Modal>
  );
}
