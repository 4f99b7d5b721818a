import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { endpoints } from '@tsunagu/contract/api';
import {
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  MAX_POPUP_FIELDS,
  STANDARD_FIELD_KEYS,
  fieldLabel,
  layoutSchema,
  type CustomField,
  type CustomFieldType,
  type Layout,
} from '@tsunagu/contract/crm/layout';
import { menuLabel } from '@tsunagu/contract/menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fetchData } from '../../shared/api/client';
import { paths } from '../../shared/paths';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { showAlert } from '../../shared/ui/alert';
import { useNotices } from '../../shared/ui/notices';
import { customerKeys, layoutQuery } from './customer-api';
import { CustomerFields } from './customer-fields';
import { formValuesOf, type CustomerFormValues } from './customer-form';
import { layoutJa as t } from './layout.ja';
import { OrderList } from './order-list';

/** A new field's key: unique, stable while its label changes. */
const newKey = () => `x_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** 顧客画面レイアウト設定 (/system/layout): the tenant's own fields, what the record and pop-up show, the note picklists. */
export function LayoutPage() {
  const domainUuid = useDomainUuid();
  const saved = useQuery(layoutQuery(domainUuid));
  if (!saved.data) return <Skeleton active />;
  return <LayoutEditor key={saved.data.version} initial={saved.data.layout} version={saved.data.version} />;
}

function LayoutEditor({ initial, version }: { initial: Layout; version: number }) {
  const domainUuid = useDomainUuid();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [layout, setLayout] = useState<Layout>(initial);
  const preview = useForm<CustomerFormValues>({ defaultValues: formValuesOf(null, '0312345678') });
  const save = useMutation({
    mutationFn: (next: Layout) =>
      fetchData(endpoints.layoutSave, { body: { domainUuid, version, layout: next } }),
    onSuccess: (record) => {
      queryClient.setQueryData(customerKeys.layout(domainUuid), record);
      notices.saved();
    },
    onError: (error) => notices.failed(error),
  });
  const update = (patch: Partial<Layout>) => setLayout((current) => ({ ...current, ...patch }));
  const updateField = (index: number, patch: Partial<CustomField>) =>
    update({ fields: layout.fields.map((f, i) => (i === index ? { ...f, ...patch } : f)) });
  const removeField = (key: string) =>
    update({
      fields: layout.fields.filter((f) => f.key !== key),
      recordFields: layout.recordFields.filter((k) => k !== key),
      popupFields: layout.popupFields.filter((k) => k !== key),
    });
  const addField = () => {
    const key = newKey();
    update({
      fields: [
        ...layout.fields,
        { key, label: t.newField(layout.fields.length + 1), type: 'text', options: [], required: false },
      ],
      recordFields: [...layout.recordFields, key],
    });
  };
  const submit = () => {
    const parsed = layoutSchema.safeParse(layout);
    if (!parsed.success) return showAlert(parsed.error.issues[0]?.message ?? '');
    save.mutate(parsed.data);
  };
  const allKeys = [...STANDARD_FIELD_KEYS, ...layout.fields.map((f) => f.key)];
  const labelOf = (key: string) => fieldLabel(layout, key);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {menuLabel(paths.system.layout.path)}
        </Typography.Title>
        <Button type="primary" loading={save.isPending} onClick={submit}>
          {t.save}
        </Button>
      </Flex>
      {/* Side by side only on wide screens: beside the menu and the side panel, 1280 px leaves about 650. */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={13}>
          <Flex vertical gap={16}>
            <Card
              size="small"
              title={t.fields}
              extra={
                <Button icon={<PlusOutlined />} onClick={addField}>
                  {t.addField}
                </Button>
              }
            >
              {layout.fields.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noFields} />
              )}
              <Flex vertical gap={8}>
                {layout.fields.map((field, index) => (
                  <Flex
                    key={field.key}
                    gap={8}
                    wrap
                    align="center"
                    style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}
                  >
                    <Input
                      aria-label={t.fieldName}
                      value={field.label}
                      maxLength={40}
                      onChange={(e) => updateField(index, { label: e.target.value })}
                      style={{ width: 180 }}
                    />
                    <Select
                      aria-label={t.fieldType(field.label)}
                      value={field.type}
                      onChange={(type: CustomFieldType) =>
                        updateField(index, {
                          type,
                          options: type === 'choice' || type === 'choices' ? field.options : [],
                        })
                      }
                      options={CUSTOM_FIELD_TYPES.map((value) => ({
                        value,
                        label: CUSTOM_FIELD_TYPE_LABELS[value],
                      }))}
                      style={{ width: 140 }}
                    />
                    {(field.type === 'choice' || field.type === 'choices') && (
                      <Select
                        aria-label={t.options(field.label)}
                        mode="tags"
                        value={field.options}
                        onChange={(options: string[]) => updateField(index, { options })}
                        placeholder={t.optionsPlaceholder}
                        open={false}
                        suffixIcon={null}
                        style={{ minWidth: 220, flex: 1 }}
                      />
                    )}
                    <Checkbox
                      checked={field.required}
                      onChange={(e) => updateField(index, { required: e.target.checked })}
                    >
                      {t.required}
                    </Checkbox>
                    <Button
                      danger
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t.remove(field.label)}
                      onClick={() => removeField(field.key)}
                    />
                  </Flex>
                ))}
              </Flex>
            </Card>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Card size="small" title={t.record}>
                  <OrderList
                    label={t.record}
                    all={allKeys}
                    shown={layout.recordFields}
                    labelOf={labelOf}
                    onChange={(recordFields) => update({ recordFields })}
                  />
                </Card>
              </Col>
              <Col xs={24} md={12}>
                <Card size="small" title={t.popup(MAX_POPUP_FIELDS)}>
                  <OrderList
                    label={t.popup(MAX_POPUP_FIELDS)}
                    all={allKeys.filter((k) => k !== 'numbers' && k !== 'owner')}
                    shown={layout.popupFields}
                    labelOf={labelOf}
                    max={MAX_POPUP_FIELDS}
                    onChange={(popupFields) => update({ popupFields })}
                  />
                </Card>
              </Col>
            </Row>
            <Card size="small" title={t.picklists}>
              <Form layout="vertical">
                <Form.Item label={t.categories}>
                  <Select
                    aria-label={t.categories}
                    mode="tags"
                    value={layout.noteCategories}
                    onChange={(noteCategories: string[]) => update({ noteCategories })}
                    open={false}
                    suffixIcon={null}
                  />
                </Form.Item>
                <Form.Item label={t.results} style={{ marginBottom: 0 }}>
                  <Select
                    aria-label={t.results}
                    mode="tags"
                    value={layout.noteResults}
                    onChange={(noteResults: string[]) => update({ noteResults })}
                    open={false}
                    suffixIcon={null}
                  />
                </Form.Item>
              </Form>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xxl={11}>
          <Flex vertical gap={16}>
            <Card size="small" title={t.previewPopup}>
              <Flex vertical align="center" gap={2}>
                <Typography.Text strong style={{ fontSize: 18 }}>
                  【03-1234-5678】
                </Typography.Text>
                {layout.popupFields.map((key) => (
                  <Typography.Text key={key} type="secondary">
                    {labelOf(key)}: {t.sample}
                  </Typography.Text>
                ))}
              </Flex>
            </Card>
            <Card size="small" title={t.previewRecord}>
              <Alert type="info" showIcon title={t.previewNote} style={{ marginBottom: 12 }} />
              <Form component={false} labelCol={{ flex: '170px' }} labelAlign="left" colon={false}>
                <CustomerFields form={preview} layout={layout} domainUuid={domainUuid} />
              </Form>
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
