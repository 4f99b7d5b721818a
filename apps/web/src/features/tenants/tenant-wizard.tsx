import {
  domainNameSchema,
  extensionRangeSchema,
  quotasSchema,
  tenantCreateSchema,
  tenantEditSchema,
  type TenantCreate,
} from '@tsunagu/contract/tenant-admin';
import { Button, Checkbox, Descriptions, Flex, Form, Input, Modal, Radio, Steps, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { showAlert } from '../../shared/ui/alert';
import { useNotices } from '../../shared/ui/notices';
import { createTenant } from './tenants-api';
import { filledRows, LineAndNumberFields, QuotaFields } from './tenant-fields';
import { jaTenants as t } from './tenants.ja';

interface WizardValues {
  domainName: string;
  domainDescription: string;
  quotas: TenantCreate['quotas'];
  admin: { username: string; userNm: string; password?: string };
  passwordMode: 'generate' | 'type';
  rangeUse: boolean;
  range: { from: string; to: string };
  lines: { name?: string; number?: string }[];
  numbers: { name?: string; number?: string }[];
}

const INITIAL: WizardValues = {
  domainName: '',
  domainDescription: '',
  quotas: { maxUsers: 10, maxExtensions: 10, maxRingGroups: 5, maxIvrMenus: 3, audioMb: 100 },
  admin: { username: '', userNm: '' },
  passwordMode: 'generate',
  rangeUse: false,
  range: { from: '1001', to: '1003' },
  lines: [],
  numbers: [],
};

/** The wizard's values as the contract's creation request. */
export function wizardRequest(v: WizardValues): TenantCreate {
  return {
    domainName: (v.domainName ?? '').trim(),
    domainDescription: (v.domainDescription ?? '').trim(),
    quotas: v.quotas,
    admin: {
      username: (v.admin.username ?? '').trim(),
      userNm: (v.admin.userNm ?? '').trim(),
      ...(v.passwordMode === 'type' ? { password: v.admin.password ?? '' } : {}),
    },
    ...(v.rangeUse ? { extensions: { from: v.range.from ?? '', to: v.range.to ?? '' } } : {}),
    lines: filledRows(v.lines),
    numbers: filledRows(v.numbers),
  };
}

const firstIssue = (schema: z.ZodType, value: unknown): string | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '');
};

/** Each step's own rules, from the contract, so a mistake is shown on the step where it was made. */
const STEP_CHECKS: ((r: TenantCreate) => string | null)[] = [
  (r) =>
    firstIssue(domainNameSchema, r.domainName) ??
    firstIssue(tenantEditSchema.shape.domainDescription, r.domainDescription),
  (r) => firstIssue(quotasSchema, r.quotas),
  (r) => firstIssue(tenantCreateSchema.shape.admin, r.admin),
  (r) =>
    (r.extensions ? firstIssue(extensionRangeSchema, r.extensions) : null) ??
    firstIssue(tenantCreateSchema, r),
  () => null,
];

export interface CreatedTenant {
  username: string;
  password: string;
}

/** ドメインの新規作成: five steps, then one request creating everything at once. */
export function TenantWizard({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const [form] = Form.useForm<WizardValues>();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedTenant | null>(null);
  const notices = useNotices();
  const values = (): WizardValues => ({ ...INITIAL, ...form.getFieldsValue(true) });

  const next = () => {
    const error = STEP_CHECKS[step]?.(wizardRequest(values())) ?? null;
    if (error) return showAlert(error);
    setStep(step + 1);
  };
  const finish = async () => {
    const request = wizardRequest(values());
    const error = firstIssue(tenantCreateSchema, request);
    if (error) return showAlert(error);
    setSaving(true);
    try {
      const answer = await createTenant(request);
      setCreated({ username: answer.username, password: answer.password });
      onCreated();
    } catch (failure) {
      notices.failed(failure);
    } finally {
      setSaving(false);
    }
  };

  if (created)
    return (
      <Modal
        open
        title={t.wizard.created}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t.wizard.close}</Button>}
      >
        <Typography.Paragraph>{t.wizard.createdText}</Typography.Paragraph>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t.wizard.adminId}>{created.username}</Descriptions.Item>
          <Descriptions.Item label={t.wizard.password}>
            <Typography.Text code copyable>
              {created.password}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </Modal>
    );

  const request = step === 4 ? wizardRequest(values()) : null;
  return (
    <Modal
      open
      title={t.wizard.title}
      width={760}
      mask={{ closable: false }}
      transitionName=""
      maskTransitionName=""
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
            {t.wizard.back}
          </Button>
          {step < 4 ? (
            <Button type="primary" onClick={next}>
              {t.wizard.next}
            </Button>
          ) : (
            <Button type="primary" loading={saving} onClick={() => void finish()}>
              {t.wizard.finish}
            </Button>
          )}
        </Flex>
      }
    >
      <Steps
        size="small"
        current={step}
        items={t.wizard.steps.map((title) => ({ title }))}
        style={{ margin: '16px 0' }}
      />
      <Form form={form} initialValues={INITIAL} labelCol={{ flex: '170px' }} labelAlign="left" colon={false}>
        <div hidden={step !== 0}>
          <Form.Item name="domainName" label={t.wizard.domainName} extra={t.wizard.domainNameHelp}>
            <Input maxLength={253} autoComplete="off" />
          </Form.Item>
          <Form.Item name="domainDescription" label={t.wizard.description}>
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <QuotaFields />
        </div>
        <div hidden={step !== 2}>
          <Form.Item name={['admin', 'username']} label={t.wizard.adminId}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name={['admin', 'userNm']} label={t.wizard.adminName}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="passwordMode" label={t.wizard.passwordMode}>
            <Radio.Group
              options={[
                { value: 'generate', label: t.wizard.generate },
                { value: 'type', label: t.wizard.type },
              ]}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.passwordMode !== b.passwordMode}>
            {() =>
              form.getFieldValue('passwordMode') === 'type' && (
                <Form.Item name={['admin', 'password']} label={t.wizard.password}>
                  <Input.Password maxLength={128} autoComplete="new-password" />
                </Form.Item>
              )
            }
          </Form.Item>
        </div>
        <div hidden={step !== 3}>
          <Form.Item name="rangeUse" valuePropName="checked" label=" ">
            <Checkbox>{t.wizard.rangeUse}</Checkbox>
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.rangeUse !== b.rangeUse}>
            {() =>
              form.getFieldValue('rangeUse') && (
                <Flex gap={8} style={{ marginBottom: 12 }}>
                  <Form.Item name={['range', 'from']} label={t.wizard.from} style={{ margin: 0 }}>
                    <Input inputMode="numeric" maxLength={8} style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item
                    name={['range', 'to']}
                    label={t.wizard.to}
                    labelCol={{ flex: '80px' }}
                    style={{ margin: 0 }}
                  >
                    <Input inputMode="numeric" maxLength={8} style={{ width: 120 }} />
                  </Form.Item>
                </Flex>
              )
            }
          </Form.Item>
          <LineAndNumberFields />
        </div>
        {request && <WizardSummary request={request} />}
      </Form>
    </Modal>
  );
}

/** The confirmation step: everything that will be created. */
function WizardSummary({ request }: { request: TenantCreate }) {
  const { quotas } = request;
  const rows = (list: { name: string; number: string }[]) =>
    list.length
      ? list.map((r) => (r.name ? `${r.number}（${r.name}）` : r.number)).join('、')
      : t.wizard.none;
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t.wizard.domainName}>{request.domainName}</Descriptions.Item>
      <Descriptions.Item label={t.wizard.description}>{request.domainDescription}</Descriptions.Item>
      <Descriptions.Item label={t.wizard.steps[1]}>
        {`${t.quotas.maxUsers} ${quotas.maxUsers}、${t.quotas.maxExtensions} ${quotas.maxExtensions}、${t.quotas.maxRingGroups} ${quotas.maxRingGroups}、${t.quotas.maxIvrMenus} ${quotas.maxIvrMenus}、${t.quotas.audioMb} ${quotas.audioMb}`}
      </Descriptions.Item>
      <Descriptions.Item label={t.wizard.steps[2]}>
        {`${request.admin.username}（${request.admin.userNm}）`}
      </Descriptions.Item>
      <Descriptions.Item label={t.wizard.rangeUse}>
        {request.extensions ? `${request.extensions.from} ～ ${request.extensions.to}` : t.wizard.none}
      </Descriptions.Item>
      <Descriptions.Item label={t.lines.title}>{rows(request.lines)}</Descriptions.Item>
      <Descriptions.Item label={t.numbers.title}>{rows(request.numbers)}</Descriptions.Item>
    </Descriptions>
  );
}
