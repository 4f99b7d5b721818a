import { PhoneOutlined, UserAddOutlined } from '@ant-design/icons';
import { isMissed, type CdrItem } from '@tsunagu/contract/cdr';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { dayjs } from '../../shared/dayjs';
import { useParams } from 'react-router';
import { useDial } from '../../shared/dial/dial';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { callsWithNumberQuery } from './calls-with-number';
import { customerRecordJa } from './customer-record.ja';

const t = customerRecordJa;

/** Talk time as m:ss. */
function talkTime(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const columns: TableColumnsType<CdrItem> = [
  {
    title: t.time,
    dataIndex: 'startStamp',
    render: (stamp: string) => dayjs(stamp).format('YYYY-MM-DD HH:mm'),
  },
  {
    title: t.direction,
    dataIndex: 'direction',
    render: (direction: CdrItem['direction']) => ja.panel.history.directions[direction],
  },
  {
    title: t.talkTime,
    dataIndex: 'billsec',
    render: (billsec: number, cdr) => (isMissed(cdr) ? <Tag color="red">{t.missed}</Tag> : talkTime(billsec)),
  },
];

/**
 * /cust/management/{number}: the customer record a call leads to. Until customer management exists it
 * shows the number, the user's own calls with it, and says plainly that registering is coming.
 */
export function CustomerRecordPage() {
  const { number = '' } = useParams();
  const { user } = useUserInfo();
  const { modal } = App.useApp();
  const { dial, blocked } = useDial();
  const calls = useQuery({
    ...callsWithNumberQuery(user.domainUuid, user.extensionUuid ?? '', number),
    enabled: user.extensionUuid !== null,
  });

  return (
    <Card
      title={t.title(number)}
      extra={
        <Flex gap={8}>
          <Button icon={<PhoneOutlined />} disabled={blocked} onClick={() => dial(number)}>
            {t.call}
          </Button>
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => modal.info({ title: t.register, content: t.registerNotice, okText: ja.notice.ok })}
          >
            {t.register}
          </Button>
        </Flex>
      }
    >
      <Descriptions size="small" column={1} items={[{ key: 'number', label: t.number, children: number }]} />
      <section aria-label={t.calls}>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t.calls}
        </Typography.Title>
        <Table<CdrItem>
          rowKey="cdrUuid"
          size="small"
          columns={columns}
          dataSource={calls.data?.calls ?? []}
          loading={calls.isFetching}
          pagination={false}
          locale={{ emptyText: t.noCalls }}
        />
        {calls.data?.truncated && (
          <Typography.Text type="secondary">{t.scanned(calls.data.scanned)}</Typography.Text>
        )}
      </section>
    </Card>
  );
}
