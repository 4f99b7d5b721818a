import { PhoneOutlined } from '@ant-design/icons';
import type { CallItem } from '@tsunagu/contract/call-history';
import {
  CALL_KINDS,
  CALL_KIND_LABELS,
  CALL_RESULTS,
  CALL_RESULT_LABELS,
  isOutsideNumber,
  type CallResult,
} from '@tsunagu/contract/calls';
import { menuLabel } from '@tsunagu/contract/menu';
import { Button, Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CallRecordings } from '../../shared/call-recording/call-recordings';
import { jaCallRecording } from '../../shared/call-recording/call-recording.ja';
import { dayjs } from '../../shared/dayjs';
import { useDial } from '../../shared/dial/dial';
import { paths } from '../../shared/paths';
import { useUserInfo } from '../../shared/session/session-store';
import { ServerListScreen, type ListFilter, type ServerColumn } from '../../shared/ui/server-list-screen';
import { getCallExport, getCallPage, MISSED_ALL } from './get-calls';
import { jaTenantCalls as t } from './tenant-calls.ja';

const RESULT_COLORS: Record<CallResult, string> = {
  answered: 'green',
  missed: 'red',
  abandoned_ivr: 'orange',
  voicemail: 'purple',
  out_of_hours: 'default',
  busy: 'gold',
  failed: 'default',
};

const FILTERS: ListFilter[] = [
  { kind: 'period', label: t.filters.period },
  {
    kind: 'select',
    key: 'kind',
    label: t.filters.kind,
    options: CALL_KINDS.map((value) => ({ value, label: CALL_KIND_LABELS[value] })),
  },
  {
    kind: 'select',
    key: 'result',
    label: t.filters.result,
    options: [
      { value: MISSED_ALL, label: t.missedAll },
      ...CALL_RESULTS.map((value) => ({ value, label: CALL_RESULT_LABELS[value].label })),
    ],
  },
  { kind: 'text', key: 'number', label: t.filters.number },
  { kind: 'text', key: 'customer', label: t.filters.customer },
  { kind: 'text', key: 'extension', label: t.filters.extension },
];

const agentText = (c: CallItem) =>
  c.agentExtension ? `${c.agentExtension}${c.agentName ? ` ${c.agentName}` : ''}` : '';

function columnsFor(dial: (number: string) => void, blocked: boolean): ServerColumn<CallItem>[] {
  return [
    {
      key: 'startStamp',
      title: t.columns.startStamp,
      sortField: 'startStamp',
      width: 160,
      text: (c) => dayjs(c.startStamp).format('YYYY/MM/DD HH:mm:ss'),
    },
    { key: 'kind', title: t.columns.kind, width: 70, text: (c) => CALL_KIND_LABELS[c.kind] },
    {
      key: 'outsideNumber',
      title: t.columns.outsideNumber,
      width: 190,
      text: (c) => c.outsideNumber ?? (c.calleeNumber ? t.internalTo(c.calleeNumber) : ''),
      render: (c) => {
        const number = c.outsideNumber;
        if (!isOutsideNumber(number)) return number ?? (c.calleeNumber ? t.internalTo(c.calleeNumber) : '');
        return (
          <Space size={4}>
            <Tooltip title={t.openRecord}>
              <Link to={paths.cust.record.href(number)}>{number}</Link>
            </Tooltip>
            <Tooltip title={t.dial(number)}>
              <Button
                size="small"
                type="text"
                aria-label={t.dial(number)}
                icon={<PhoneOutlined />}
                disabled={blocked}
                onClick={() => dial(number)}
              />
            </Tooltip>
          </Space>
        );
      },
    },
    { key: 'customerName', title: t.columns.customerName, width: 160, text: (c) => c.customerName },
    {
      key: 'incomingNumber',
      title: t.columns.incomingNumber,
      width: 130,
      text: (c) => c.incomingNumber ?? '',
    },
    { key: 'agent', title: t.columns.agent, width: 160, text: agentText },
    {
      key: 'ringSeconds',
      title: t.columns.ringSeconds,
      sortField: 'ringSeconds',
      width: 100,
      text: (c) => t.seconds(c.ringSeconds),
    },
    {
      key: 'talkSeconds',
      title: t.columns.talkSeconds,
      sortField: 'talkSeconds',
      width: 100,
      text: (c) => t.seconds(c.talkSeconds),
    },
    {
      key: 'result',
      title: t.columns.result,
      width: 110,
      text: (c) => CALL_RESULT_LABELS[c.result].label,
      render: (c) => (
        <Tooltip title={CALL_RESULT_LABELS[c.result].definition}>
          <Tag color={RESULT_COLORS[c.result]}>{CALL_RESULT_LABELS[c.result].label}</Tag>
        </Tooltip>
      ),
    },
    {
      key: 'recordings',
      title: jaCallRecording.column,
      width: 190,
      // The export says how many and how long; the screen plays and downloads them.
      text: (c) => (c.recordings ?? []).map((r) => jaCallRecording.length(r.seconds)).join(' / '),
      render: (c) => (c.recordings?.length ? <CallRecordings recordings={c.recordings} /> : null),
    },
  ];
}

/** 通話履歴: every call of the tenant, one row per call (menu 2200). */
export function TenantCallsPage() {
  const { dial, blocked } = useDial();
  const { domainUuid } = useUserInfo().user;
  return (
    <ServerListScreen<CallItem>
      title={menuLabel(paths.cust.cdr.path) ?? ''}
      columns={useMemo(() => columnsFor(dial, blocked), [dial, blocked])}
      rowKey={(c) => c.callUuid}
      queryKey={['tenant-calls']}
      defaultSort="startStamp,desc"
      filters={FILTERS}
      fetchPage={(state, signal) => getCallPage(domainUuid, state, signal)}
      fetchAll={(state) => getCallExport(state)}
    />
  );
}
