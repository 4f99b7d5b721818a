import type { Customer } from '@tsunagu/contract/crm/customer';
import { customerFieldText } from '@tsunagu/contract/crm/field-text';
import { fieldLabel, type Layout } from '@tsunagu/contract/crm/layout';
import { Descriptions } from 'antd';

/** The record's fields as text, in the layout's order: for a user who may read customers but not edit them. */
export function CustomerView({ customer, layout }: { customer: Customer; layout: Layout }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      styles={{ label: { width: 170 } }}
      items={layout.recordFields.map((key) => ({
        key,
        label: fieldLabel(layout, key),
        children: <span style={{ whiteSpace: 'pre-wrap' }}>{customerFieldText(layout, customer, key)}</span>,
      }))}
    />
  );
}
