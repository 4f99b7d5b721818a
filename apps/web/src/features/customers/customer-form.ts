import {
  customerSaveSchema,
  type Customer,
  type CustomerSave,
  type NumberLabel,
} from '@tsunagu/contract/crm/customer';
import { formatPhoneNumber } from '@tsunagu/contract/phone-number';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ApiError } from '@tsunagu/contract/envelope';
import { showAlert } from '../../shared/ui/alert';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { useNotices } from '../../shared/ui/notices';
import { customerKeys, saveCustomer } from './customer-api';

/** What the customer form edits (the save body without its ids). */
export interface CustomerFormValues {
  company: string;
  companyKana: string;
  person: string;
  personKana: string;
  department: string;
  numbers: { label: NumberLabel; number: string }[];
  email: string;
  postalCode: string;
  prefecture: CustomerSave['prefecture'] & string;
  address: string;
  ownerUuid: string | null;
  tags: string[];
  memo: string;
  custom: Record<string, unknown>;
}

/** The form's values for a customer, or for a new one with the number (if any) as its 代表. */
export function formValuesOf(customer: Customer | null, number?: string): CustomerFormValues {
  if (!customer) {
    return {
      company: '',
      companyKana: '',
      person: '',
      personKana: '',
      department: '',
      numbers: number ? [{ label: '代表', number: formatPhoneNumber(number) }] : [],
      email: '',
      postalCode: '',
      prefecture: '',
      address: '',
      ownerUuid: null,
      tags: [],
      memo: '',
      custom: {},
    };
  }
  return {
    company: customer.company,
    companyKana: customer.companyKana,
    person: customer.person,
    personKana: customer.personKana,
    department: customer.department,
    numbers: customer.numbers.map((n) => ({ label: n.label, number: formatPhoneNumber(n.number) })),
    email: customer.email,
    postalCode: customer.postalCode,
    prefecture: customer.prefecture as CustomerFormValues['prefecture'],
    address: customer.address,
    ownerUuid: customer.ownerUuid,
    tags: customer.tags,
    memo: customer.memo,
    custom: customer.custom,
  };
}

/** Empty values of the tenant's own fields are not sent (the server stores only what was entered). */
function withoutEmpty(custom: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(custom).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/**
 * The customer form: react-hook-form over the save body, checked with the contract's schema before
 * sending. A refused save (another user saved first: 409) keeps everything typed.
 */
export function useCustomerForm(
  domainUuid: string,
  customer: Customer | null,
  number: string | undefined,
  onSaved: (saved: Customer) => void,
) {
  const form = useForm<CustomerFormValues>({ defaultValues: formValuesOf(customer, number) });
  const notices = useNotices();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: saveCustomer,
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all(domainUuid) });
      form.reset(formValuesOf(saved));
      notices.saved();
      onSaved(saved);
    },
    onError: (error) => notices.failed(error),
  });
  const submit = form.handleSubmit((values) => {
    const body: CustomerSave = {
      ...values,
      custom: withoutEmpty(values.custom),
      domainUuid,
      ...(customer ? { customerUuid: customer.customerUuid, version: customer.version } : {}),
    };
    const check = checkAgainstContract(customerSaveSchema, body, () => null);
    if (check.error !== undefined) showAlert(check.error);
    else save.mutate(body);
  });
  /** Shows the latest saved values (after a refused save), dropping what was typed. */
  const showLatest = (latest: Customer | null) => {
    save.reset();
    form.reset(formValuesOf(latest, number));
  };
  const conflict = save.error instanceof ApiError && save.error.status === 409 ? save.error.message : null;
  return { form, submit, saving: save.isPending, conflict, showLatest };
}
