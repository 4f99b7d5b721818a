import type { Customer } from '@tsunagu/contract/crm/customer';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { FormDialog } from '../../shared/ui/form-dialog';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { layoutQuery } from './customer-api';
import { CustomerFields } from './customer-fields';
import { useCustomerForm } from './customer-form';
import { customersJa } from './customers.ja';

/** The list's New and Edit: every field, whatever the record's layout hides. */
export function CustomerDialog({
  customer,
  onClose,
  onReload,
}: {
  customer: Customer | null;
  onClose: () => void;
  /** Reads the customer again after a refused save. */
  onReload: () => Promise<Customer | null>;
}) {
  const domainUuid = useDomainUuid();
  const layout = useQuery(layoutQuery(domainUuid)).data?.layout;
  const { form, submit, saving, conflict, showLatest } = useCustomerForm(
    domainUuid,
    customer,
    undefined,
    onClose,
  );
  return (
    <FormDialog
      title={customer ? customersJa.list.edit : customersJa.list.new}
      size="medium"
      saving={saving}
      dirty={form.formState.isDirty}
      onSave={() => void submit()}
      onClose={onClose}
    >
      {conflict && (
        <Alert
          type="warning"
          showIcon
          title={conflict}
          action={
            <Button onClick={() => void onReload().then(showLatest)}>{customersJa.record.reload}</Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {layout ? (
        <CustomerFields form={form} layout={layout} domainUuid={domainUuid} all />
      ) : (
        <Skeleton active />
      )}
    </FormDialog>
  );
}
