import { PhoneOutlined } from '@ant-design/icons';
import { customerName } from '@tsunagu/contract/crm/customer';
import { DEFAULT_LAYOUT, type Layout } from '@tsunagu/contract/crm/layout';
import type { CustomerLookup } from '@tsunagu/contract/crm/notes';
import { formatPhoneNumber } from '@tsunagu/contract/phone-number';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { NoteEditor } from '../../shared/customers/note-editor';
import { dayjs } from '../../shared/dayjs';
import { useDial } from '../../shared/dial/dial';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { useCan } from '../../shared/session/use-can';
import { useAfterFirstPaint } from '../../shared/ui/after-paint';
import { failureText } from '../../shared/ui/notices';
import { customerByNumberQuery, layoutQuery } from './customer-api';
import { CustomerFields } from './customer-fields';
import { CustomerView } from './customer-view';
import { useCustomerForm } from './customer-form';
import { customersJa } from './customers.ja';
import { Timeline } from './timeline';

const t = customersJa.record;

/**
 * /cust/management/{number}: the customer the number belongs to, or a registration form with the number
 * filled in; beside it the timeline (notes now, calls with any of the customer's numbers) and the note
 * editor. Opened from a ringing call, it is on screen before the call is answered.
 */
export function CustomerRecordPage() {
  const { number = '' } = useParams();
  const domainUuid = useDomainUuid();
  const lookup = useQuery({ ...customerByNumberQuery(domainUuid, number), retry: false });
  const layout = useQuery(layoutQuery(domainUuid));
  if (lookup.error) return <Result status="warning" title={failureText(lookup.error)} />;
  if (!lookup.data || !layout.data) return <Skeleton active />;
  return (
    <Record
      key={lookup.data.customer?.customerUuid ?? 'new'}
      lookup={lookup.data}
      layout={layout.data.layout}
    />
  );
}

/** A customer that exists nowhere, for the warm-up render below (never sent, never shown). */
const SAMPLE: CustomerLookup = {
  number: '0312345678',
  customer: {
    customerUuid: 'sample',
    company: '見本',
    companyKana: 'みほん',
    person: '',
    personKana: '',
    department: '',
    numbers: [{ label: '代表', number: '0312345678' }],
    email: '',
    postalCode: '',
    prefecture: '',
    address: '',
    ownerUuid: null,
    ownerName: '',
    tags: [],
    memo: '',
    custom: {},
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    updatedBy: '',
  },
  timeline: [
    {
      kind: 'call',
      at: '2026-01-01T00:00:00Z',
      call: {
        callUuid: 'sample',
        kind: 'inbound',
        result: 'missed',
        number: '0312345678',
        incomingNumber: null,
        agentName: '',
        ringSeconds: 0,
        talkSeconds: 0,
      },
    },
  ],
};

/**
 * What a ring paints first on the record (the page while it reads, then the heading, the cards and the
 * timeline) for a sample customer, rendered once off the page in idle time after sign-in
 * (app/idle-warm.tsx): the first ring finds their code run and antd's styles computed (issue 19). The
 * form and the note editor, which read data, are left out; nothing is fetched.
 */
export function RecordWarmUp() {
  return (
    <>
      <Skeleton active />
      <Record lookup={SAMPLE} layout={DEFAULT_LAYOUT} warmUp />
    </>
  );
}

function Record({
  lookup,
  layout,
  warmUp = false,
}: {
  lookup: CustomerLookup;
  layout: Layout;
  warmUp?: boolean;
}) {
  const domainUuid = useDomainUuid();
  const { dial, blocked } = useDial();
  const canEdit = useCan('customer.edit');
  const canNote = useCan('customer.note');
  const queryClient = useQueryClient();
  const { customer } = lookup;
  // The heading with the name and the timeline paint first, while the call still rings; the form's
  // inputs and the note editor (the most work by far) mount just after that paint (issue 19: < 300 ms).
  const fieldsMounted = useAfterFirstPaint() && !warmUp;
  const shown = formatPhoneNumber(lookup.number);
  // The saved customer (a new one included) is the number's record now: read it again with its version.
  const onSaved = () =>
    void queryClient.invalidateQueries({
      queryKey: customerByNumberQuery(domainUuid, lookup.number).queryKey,
    });
  const { form, submit, saving, conflict, showLatest } = useCustomerForm(
    domainUuid,
    customer,
    lookup.number,
    onSaved,
  );
  const reload = async () => {
    const latest = await queryClient.fetchQuery({
      ...customerByNumberQuery(domainUuid, lookup.number),
      staleTime: 0,
    });
    showLatest(latest.customer);
  };

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t.title(shown)}
        </Typography.Title>
        {customer ? (
          <Typography.Text strong style={{ fontSize: 16 }}>
            {customerName(customer)}
          </Typography.Text>
        ) : (
          <Tag color="orange">{t.unregistered}</Tag>
        )}
        <Button icon={<PhoneOutlined />} disabled={blocked} onClick={() => dial(lookup.number)}>
          {t.call}
        </Button>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            title={customer ? customerName(customer) : canEdit ? t.register : t.unregistered}
            extra={
              customer && (
                <Typography.Text type="secondary">
                  {t.updated(dayjs(customer.updatedAt).format('YYYY/MM/DD HH:mm'), customer.updatedBy)}
                </Typography.Text>
              )
            }
          >
            {!customer && (
              <Alert
                type="info"
                showIcon
                title={canEdit ? t.registerHint : t.unregisteredReadOnly}
                style={{ marginBottom: canEdit ? 12 : 0 }}
              />
            )}
            {conflict && (
              <Alert
                type="warning"
                showIcon
                title={conflict}
                action={<Button onClick={() => void reload()}>{t.reload}</Button>}
                style={{ marginBottom: 12 }}
              />
            )}
            {!fieldsMounted ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : canEdit ? (
              <Form
                component="form"
                labelCol={{ flex: '140px' }}
                labelAlign="left"
                colon={false}
                requiredMark={false}
                onFinish={() => void submit()}
              >
                <CustomerFields form={form} layout={layout} domainUuid={domainUuid} />
                <Flex justify="flex-end">
                  <Button type="primary" htmlType="submit" loading={saving}>
                    {customer ? t.save : t.register}
                  </Button>
                </Flex>
              </Form>
            ) : (
              customer && <CustomerView customer={customer} layout={layout} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            {canNote && (
              <Card size="small" title={customersJa.note.title}>
                {fieldsMounted ? (
                  <NoteEditor
                    domainUuid={domainUuid}
                    number={lookup.number}
                    customerUuid={customer?.customerUuid ?? null}
                  />
                ) : (
                  <Skeleton active paragraph={{ rows: 3 }} />
                )}
              </Card>
            )}
            <Card size="small" title={t.timeline}>
              <Timeline entries={lookup.timeline} onDial={dial} dialBlocked={blocked} />
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
