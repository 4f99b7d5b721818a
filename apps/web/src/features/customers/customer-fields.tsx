import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { MAX_CUSTOMER_NUMBERS, NUMBER_LABELS } from '@tsunagu/contract/crm/customer';
import {
  STANDARD_FIELDS,
  type CustomField,
  type Layout,
  type StandardField,
} from '@tsunagu/contract/crm/layout';
import { PREFECTURES } from '@tsunagu/contract/crm/prefectures';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Flex, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useId, type ReactNode } from 'react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { dayjs } from '../../shared/dayjs';
import { FormField, bind } from '../../shared/ui/form-field';
import { useNotices } from '../../shared/ui/notices';
import { lookUpPostalCode, ownersQuery } from './customer-api';
import type { CustomerFormValues } from './customer-form';
import { customersJa } from './customers.ja';

const t = customersJa.form;
const prefectureOptions = [{ value: '', label: '―' }, ...PREFECTURES.map((p) => ({ value: p, label: p }))];

interface Props {
  form: UseFormReturn<CustomerFormValues>;
  layout: Layout;
  domainUuid: string;
  /** Every field whatever the layout hides (the list's dialog); the record shows the layout's. */
  all?: boolean;
}

/** The customer's fields in the layout's order (the record), or all of them (the list's dialog). */
export function CustomerFields({ form, layout, domainUuid, all = false }: Props) {
  const id = useId();
  const { control } = form;
  const keys = all
    ? [...(Object.keys(STANDARD_FIELDS) as string[]), ...layout.fields.map((f) => f.key)]
    : layout.recordFields;
  const text = (
    name: 'company' | 'companyKana' | 'person' | 'personKana' | 'department' | 'email' | 'address',
    max: number,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Input id={`${id}-${name}`} {...bind(field)} maxLength={max} />}
    />
  );
  const standard: Record<StandardField, () => ReactNode> = {
    company: () => text('company', 100),
    companyKana: () => text('companyKana', 100),
    person: () => text('person', 100),
    personKana: () => text('personKana', 100),
    department: () => text('department', 100),
    numbers: () => <NumbersField form={form} id={`${id}-numbers`} />,
    email: () => text('email', 254),
    postalCode: () => <PostalField form={form} id={`${id}-postalCode`} />,
    prefecture: () => (
      <Controller
        control={control}
        name="prefecture"
        render={({ field }) => (
          <Select
            id={`${id}-prefecture`}
            {...bind(field)}
            options={prefectureOptions}
            showSearch
            style={{ width: '100%', maxWidth: 200 }}
          />
        )}
      />
    ),
    address: () => text('address', 200),
    owner: () => <OwnerField form={form} id={`${id}-owner`} domainUuid={domainUuid} />,
    tags: () => (
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <Select
            id={`${id}-tags`}
            mode="tags"
            {...bind(field)}
            placeholder={t.tagsPlaceholder}
            open={false}
            suffixIcon={null}
          />
        )}
      />
    ),
    memo: () => (
      <Controller
        control={control}
        name="memo"
        render={({ field }) => (
          <Input.TextArea
            id={`${id}-memo`}
            {...bind(field)}
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={4000}
          />
        )}
      />
    ),
  };
  return (
    <>
      {keys.map((key) => {
        const custom = layout.fields.find((f) => f.key === key);
        if (custom) {
          return (
            <FormField key={key} label={custom.label} htmlFor={`${id}-${key}`} required={custom.required}>
              <CustomInput form={form} field={custom} id={`${id}-${key}`} />
            </FormField>
          );
        }
        const render = standard[key as StandardField];
        if (!render) return null;
        return (
          <FormField
            key={key}
            label={STANDARD_FIELDS[key as StandardField]}
            htmlFor={key === 'numbers' ? undefined : `${id}-${key}`}
          >
            {render()}
          </FormField>
        );
      })}
    </>
  );
}

function NumbersField({ form, id }: { form: UseFormReturn<CustomerFormValues>; id: string }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'numbers' });
  return (
    <Flex vertical gap={6}>
      {fields.map((item, index) => (
        <Space.Compact key={item.id} style={{ width: '100%' }}>
          <Controller
            control={form.control}
            name={`numbers.${index}.label`}
            render={({ field }) => (
              <Select
                {...bind(field)}
                aria-label={`${t.numberLabel} ${index + 1}`}
                options={NUMBER_LABELS.map((l) => ({ value: l, label: l }))}
                style={{ width: 90 }}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`numbers.${index}.number`}
            render={({ field }) => (
              <Input
                {...bind(field)}
                id={index === 0 ? id : undefined}
                aria-label={`${t.numbers} ${index + 1}`}
                maxLength={40}
                inputMode="tel"
                placeholder="03-1234-5678"
              />
            )}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`${t.removeNumber} ${index + 1}`}
            onClick={() => remove(index)}
          />
        </Space.Compact>
      ))}
      {fields.length < MAX_CUSTOMER_NUMBERS && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => append({ label: fields.length === 0 ? '代表' : '直通', number: '' })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t.addNumber}
        </Button>
      )}
    </Flex>
  );
}

/** The postal code with a lookup that fills the prefecture and the town (a choice when the code has several). */
function PostalField({ form, id }: { form: UseFormReturn<CustomerFormValues>; id: string }) {
  const notices = useNotices();
  const { modal } = App.useApp();
  const fill = (prefecture: CustomerFormValues['prefecture'], town: string) => {
    form.setValue('prefecture', prefecture, { shouldDirty: true });
    if (!form.getValues('address').startsWith(town)) form.setValue('address', town, { shouldDirty: true });
  };
  const lookUp = async () => {
    try {
      const { postalCode, addresses } = await lookUpPostalCode(form.getValues('postalCode'));
      form.setValue('postalCode', postalCode, { shouldDirty: true });
      const [first] = addresses;
      if (addresses.length === 1 && first) return fill(first.prefecture, first.town);
      const chooser = modal.info({
        title: t.postalChoose,
        okText: '閉じる',
        content: (
          <Flex vertical gap={4}>
            {addresses.map((a) => (
              <Button
                key={`${a.prefecture}${a.town}`}
                onClick={() => {
                  fill(a.prefecture, a.town);
                  chooser.destroy();
                }}
              >
                {a.prefecture} {a.town}
              </Button>
            ))}
          </Flex>
        ),
      });
    } catch (error) {
      notices.failed(error);
    }
  };
  return (
    // The field shrinks with its column (the record's form is narrow at 1280 px) and the button keeps its words.
    <Space.Compact style={{ width: '100%', maxWidth: 260 }}>
      <Controller
        control={form.control}
        name="postalCode"
        render={({ field }) => (
          <Input
            id={id}
            {...bind(field)}
            maxLength={10}
            placeholder="100-0001"
            style={{ flex: 1, minWidth: 80 }}
          />
        )}
      />
      <Button icon={<SearchOutlined />} onClick={() => void lookUp()}>
        {t.postalLookup}
      </Button>
    </Space.Compact>
  );
}

function OwnerField({
  form,
  id,
  domainUuid,
}: {
  form: UseFormReturn<CustomerFormValues>;
  id: string;
  domainUuid: string;
}) {
  const owners = useQuery(ownersQuery(domainUuid));
  const options = [
    { value: '', label: t.noOwner },
    ...(owners.data ?? []).map((o) => ({ value: o.userUuid, label: o.name })),
  ];
  return (
    <Controller
      control={form.control}
      name="ownerUuid"
      render={({ field }) => (
        <Select
          id={id}
          value={field.value ?? ''}
          onChange={(value: string) => field.onChange(value === '' ? null : value)}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%', maxWidth: 240 }}
        />
      )}
    />
  );
}

function CustomInput({
  form,
  field: spec,
  id,
}: {
  form: UseFormReturn<CustomerFormValues>;
  field: CustomField;
  id: string;
}) {
  return (
    <Controller
      control={form.control}
      name={`custom.${spec.key}`}
      render={({ field }) => {
        const value = field.value as unknown;
        switch (spec.type) {
          case 'text':
            return (
              <Input
                id={id}
                value={(value as string) ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                maxLength={1000}
              />
            );
          case 'number':
            return (
              <InputNumber
                id={id}
                value={typeof value === 'number' ? value : null}
                onChange={(v) => field.onChange(v ?? null)}
                style={{ width: '100%', maxWidth: 200 }}
              />
            );
          case 'date':
            return (
              <DatePicker
                id={id}
                value={typeof value === 'string' && value ? dayjs(value) : null}
                onChange={(d) => field.onChange(d ? d.format('YYYY-MM-DD') : null)}
              />
            );
          case 'choice':
            return (
              <Select
                id={id}
                value={(value as string) ?? undefined}
                onChange={(v) => field.onChange(v ?? null)}
                allowClear
                placeholder={t.choose}
                options={spec.options.map((o) => ({ value: o, label: o }))}
                style={{ width: '100%', maxWidth: 240 }}
              />
            );
          case 'choices':
            return (
              <Select
                id={id}
                mode="multiple"
                value={Array.isArray(value) ? (value as string[]) : []}
                onChange={(v) => field.onChange(v)}
                placeholder={t.choose}
                options={spec.options.map((o) => ({ value: o, label: o }))}
              />
            );
          case 'yesNo':
            return (
              <Radio.Group
                id={id}
                value={typeof value === 'boolean' ? value : undefined}
                onChange={(e) => field.onChange(e.target.value as boolean)}
                options={[
                  { value: true, label: t.yes },
                  { value: false, label: t.no },
                ]}
              />
            );
        }
      }}
    />
  );
}
