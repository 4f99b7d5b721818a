import { formatPhoneNumber } from '../phone-number';
import type { Customer } from './customer';
import { customValueText, type Layout } from './layout';

/** What a customer's fields read from: the record's customer, or the stored row (no owner name, no numbers). */
export type CustomerFieldSource = Pick<
  Customer,
  | 'company'
  | 'companyKana'
  | 'person'
  | 'personKana'
  | 'department'
  | 'email'
  | 'postalCode'
  | 'prefecture'
  | 'address'
  | 'memo'
  | 'tags'
  | 'custom'
> &
  Partial<Pick<Customer, 'ownerName' | 'numbers'>>;

/**
 * A field of the layout (standard or the tenant's own) as text, '' when empty: the incoming-call pop-up
 * and the record of a user who may read customers but not edit them show the same words.
 */
export function customerFieldText(layout: Layout, customer: CustomerFieldSource, key: string): string {
  const own = layout.fields.find((f) => f.key === key);
  if (own) return customValueText(own, customer.custom[key]);
  switch (key) {
    case 'company':
    case 'companyKana':
    case 'person':
    case 'personKana':
    case 'department':
    case 'email':
    case 'postalCode':
    case 'prefecture':
    case 'address':
    case 'memo':
      return customer[key];
    case 'tags':
      return customer.tags.join('、');
    case 'owner':
      return customer.ownerName ?? '';
    case 'numbers':
      return (customer.numbers ?? []).map((n) => `${n.label} ${formatPhoneNumber(n.number)}`).join('、');
    default:
      return '';
  }
}
