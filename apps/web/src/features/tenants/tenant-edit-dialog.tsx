import { tenantEditSchema, type TenantEdit, type TenantRow } from '@tsunagu/contract/tenant-admin';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../shared/ui/form-dialog';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { getTenant, saveTenant } from './tenants-api';
import { filledRows, LineAndNumberFields, QuotaFields } from './tenant-fields';
import { jaTenants as t } from './tenants.ja';

interface EditValues {
  domainDescription: string;
  quotas: Partial<TenantEdit['quotas']>;
  lines: { name?: string; number?: string }[];
  numbers: { name?: string; number?: string }[];
}

/** Edits a tenant's description, quotas, lines and incoming numbers (never its domain name). */
export function TenantEditDialog({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: TenantRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<EditValues>();
  const detail = useQuery({
    queryKey: ['tenant', tenant.domainUuid],
    queryFn: () => getTenant(tenant.domainUuid),
  });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!detail.data) return;
    const { quotas } = detail.data;
    form.setFieldsValue({
      domainDescription: detail.data.domainDescription,
      // A tenant made before quotas has none: the dialog proposes what it uses now as the start.
      quotas: {
        maxUsers: quotas.maxUsers ?? undefined,
        maxExtensions: quotas.maxExtensions ?? undefined,
        maxRingGroups: quotas.maxRingGroups ?? undefined,
        maxIvrMenus: quotas.maxIvrMenus ?? undefined,
        audioMb: quotas.audioMb,
      },
      lines: detail.data.lines,
      numbers: detail.data.numbers,
    });
  }, [detail.data, form]);
  const submit = useDialogSubmit(async (payload: TenantEdit) => {
    setSaving(true);
    try {
      await saveTenant(tenant.domainUuid, payload);
      onSaved();
    } finally {
      setSaving(false);
    }
  }, onClose);
  const onSave = () => {
    const v = form.getFieldsValue(true) as EditValues;
    void submit(
      checkAgainstContract(
        tenantEditSchema,
        {
          domainDescription: (v.domainDescription ?? '').trim(),
          quotas: v.quotas,
          lines: filledRows(v.lines),
          numbers: filledRows(v.numbers),
        },
        () => null,
      ),
    );
  };
  return (
    <FormDialog
      title={t.editTitle(tenant.domainName)}
      size="medium"
      saving={saving}
      onSave={onSave}
      onClose={onClose}
    >
      {detail.isPending ? (
        <Spin />
      ) : (
        <Form form={form} component={false} labelCol={{ flex: '170px' }} labelAlign="left" colon={false}>
          <Form.Item name="domainDescription" label={t.wizard.description}>
            <Input maxLength={100} />
          </Form.Item>
          <QuotaFields />
          <LineAndNumberFields />
        </Form>
      )}
    </FormDialog>
  );
}
