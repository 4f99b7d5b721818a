import { PhoneOutlined } from '@ant-design/icons';
import {
  RECALL_SCOPES,
  RECALL_SCOPE_LABELS,
  RECALL_STATES,
  RECALL_STATE_LABELS,
  type RecallItem,
} from '@tsunagu/contract/recall';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { dayjs } from '../../shared/dayjs';
import { useDial } from '../../shared/dial/dial';
import { ja } from '../../shared/i18n/ja';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { paths } from '../../shared/paths';
import { ServerListScreen, type ListFilter, type ServerColumn } from '../../shared/ui/server-list-screen';
import { AssignRecall, assigneeOf, type AssigneeValue } from './assign-recall';
import { bulkRecall, closeRecall, getRecallExport, getRecallPage, recallKey } from './recall-api';
import { jaRecall as t } from './recall.ja';

const TIME = 'YYYY/MM/DD HH:mm';

const FILTERS: ListFilter[] = [
  {
    kind: 'select',
    key: 'scope',
    label: t.filters.scope,
    options: RECALL_SCOPES.map((value) => ({ value, label: RECALL_SCOPE_LABELS[value] })),
  },
  {
    kind: 'select',
    key: 'state',
    label: t.filters.state,
    options: RECALL_STATES.map((value) => ({ value, label: RECALL_STATE_LABELS[value] })),
  },
  {
    kind: 'select',
    key: 'overdue',
    label: t.filters.overdue,
    options: [{ value: 'true', label: t.overdueOnly }],
  },
];

interface Actions {
  dial: (number: string) => void;
  dialBlocked: boolean;
  close: (item: RecallItem) => void;
  closing: boolean;
}

function columnsFor({ dial, dialBlocked, close, closing }: Actions): ServerColumn<RecallItem>[] {
  return [
    {
      key: 'createdAt',
      title: t.columns.createdAt,
      sortField: 'createdAt',
      width: 140,
      text: (r) => dayjs(r.createdAt).format(TIME),
    },
    {
      key: 'number',
      title: t.columns.number,
      sortField: 'number',
      width: 180,
      text: (r) => r.number,
      render: (r) => (
        <Space size={4}>
          <Tooltip title={t.openRecord}>
            <Link to={paths.cust.record.href(r.number)}>{r.number}</Link>
          </Tooltip>
          <Tooltip title={t.dial(r.number)}>
            <Button
              size="small"
              type="text"
              aria-label={t.dial(r.number)}
              icon={<PhoneOutlined />}
              disabled={dialBlocked}
              onClick={() => dial(r.number)}
            />
          </Tooltip>
        </Space>
      ),
    },
    { key: 'customerName', title: t.columns.customerName, width: 150, text: (r) => r.customerName },
    {
      key: 'reason',
      title: t.columns.reason,
      width: 220,
      text: (r) => r.reason || (r.callUuid ? t.missedCall : ''),
    },
    { key: 'assignee', title: t.columns.assignee, width: 130, text: (r) => r.assigneeName || t.unassigned },
    {
      key: 'dueAt',
      title: t.columns.dueAt,
      sortField: 'dueAt',
      width: 140,
      text: (r) => (r.dueAt ? dayjs(r.dueAt).format(TIME) : ''),
      render: (r) =>
        r.dueAt ? (
          <Typography.Text type={r.overdue ? 'danger' : undefined}>
            {dayjs(r.dueAt).format(TIME)}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    {
      key: 'state',
      title: t.columns.state,
      width: 90,
      text: (r) => RECALL_STATE_LABELS[r.state],
      render: (r) => <Tag color={r.state === 'open' ? 'red' : 'green'}>{RECALL_STATE_LABELS[r.state]}</Tag>,
    },
    {
      key: 'done',
      title: t.columns.done,
      width: 170,
      text: (r) => (r.doneAt ? t.doneBy(r.doneByName, dayjs(r.doneAt).format(TIME)) : ''),
    },
    {
      key: 'actions',
      title: t.columns.actions,
      width: 110,
      data: false,
      text: () => '',
      render: (r) =>
        r.state === 'open' ? (
          <Button size="small" aria-label={t.doneOne(r.number)} loading={closing} onClick={() => close(r)}>
            {t.done}
          </Button>
        ) : null,
    },
  ];
}

/** リコール: the numbers waiting for a call back, with who has them and until when (from the header badge). */
export function RecallPage() {
  const domainUuid = useDomainUuid();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { dial, blocked } = useDial();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: recallKey(domainUuid) });
  const closeOne = useMutation({
    mutationFn: (item: RecallItem) => closeRecall(item.recallUuid),
    onSuccess: refresh,
  });
  const bulk = useMutation({ mutationFn: bulkRecall, onSuccess: refresh });
  const columns = useMemo(
    () =>
      columnsFor({
        dial,
        dialBlocked: blocked,
        close: (item) => closeOne.mutate(item),
        closing: closeOne.isPending,
      }),
    [dial, blocked, closeOne],
  );
  return (
    <ServerListScreen<RecallItem>
      title={ja.titles.custRecall}
      columns={columns}
      rowKey={(r) => r.recallUuid}
      queryKey={recallKey(domainUuid)}
      defaultSort="createdAt,desc"
      filters={FILTERS}
      fetchPage={(state, signal) => getRecallPage(domainUuid, state, signal)}
      fetchAll={(state) => getRecallExport(domainUuid, state)}
      bulkActions={(selected, clear) => (
        <>
          <AssignRecall
            selected={selected}
            onAssign={(value: AssigneeValue) =>
              bulk.mutate(
                { recallUuids: selected.map((r) => r.recallUuid), action: 'assign', ...assigneeOf(value) },
                { onSuccess: ({ updated }) => void message.success(t.assigned(updated)) },
              )
            }
          />
          <Button
            loading={bulk.isPending}
            onClick={() =>
              bulk.mutate(
                { recallUuids: selected.map((r) => r.recallUuid), action: 'close' },
                {
                  onSuccess: ({ updated }) => {
                    void message.success(t.closed(updated));
                    clear();
                  },
                },
              )
            }
          >
            {t.done}
          </Button>
        </>
      )}
    />
  );
}
