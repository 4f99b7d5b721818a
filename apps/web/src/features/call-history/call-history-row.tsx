import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import {
  ANONYMOUS,
  UNREGISTERED,
  cdrDialNumber,
  isMissed,
  type CallDirection,
  type CdrItem,
} from '@tsunagu/contract/cdr';
import { Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CallRecordings } from '../../shared/call-recording/call-recordings';
import { paths } from '../../shared/paths';
import { ja } from '../../shared/i18n/ja';
import { useOwnExtensionNumber } from '../../shared/session/session-store';
import { HistoryEntryCells } from '../../shared/ui/history-entry-cells';

const { history: t } = ja.panel;

/** Spec 2.4 "Call history tab": icon and highlight follow the direction. */
const DIRECTION_STYLE: Record<CallDirection, { icon: ReactNode; background: string }> = {
  inbound: { icon: <ArrowDownOutlined />, background: '#f0f7ff' },
  outbound: { icon: <ArrowUpOutlined />, background: '#f6ffed' },
  local: { icon: <SwapOutlined />, background: '#fafafa' },
};

/** What the direction icon adds: missed, or taken by someone else (neither red nor missed). */
function outcomeNote(cdr: CdrItem): string {
  if (isMissed(cdr)) return `（${t.missed}）`;
  return cdr.answeredElsewhere ? `（${t.answeredElsewhere}）` : '';
}

/** One call: direction, the other party with a link to their customer card, the number to call back, the time. */
export function CallHistoryRow({
  cdr,
  onDial,
  dialBlocked,
}: {
  cdr: CdrItem;
  onDial: (number: string) => void;
  dialBlocked: boolean;
}) {
  const number = cdrDialNumber(cdr, useOwnExtensionNumber());
  const anonymous = number === ANONYMOUS;
  const missed = isMissed(cdr);
  const { icon, background } = DIRECTION_STYLE[cdr.direction];
  const tooltip = cdr.displayName === UNREGISTERED ? t.register : t.details;
  return (
    <Flex
      role="listitem"
      data-direction={cdr.direction}
      data-missed={missed || undefined}
      data-answered-elsewhere={cdr.answeredElsewhere || undefined}
      align="center"
      gap={8}
      style={{
        background,
        padding: '6px 10px',
        borderBottom: '1px solid #f0f0f0',
        color: missed ? '#cf1322' : undefined,
      }}
    >
      <span role="img" aria-label={`${t.directions[cdr.direction]}${outcomeNote(cdr)}`}>
        {icon}
      </span>
      <HistoryEntryCells
        number={number}
        anonymousLabel={t.anonymous}
        onDial={onDial}
        disabled={dialBlocked}
        startStamp={cdr.startStamp}
        extra={cdr.recordings?.length ? <CallRecordings recordings={cdr.recordings} compact /> : null}
      >
        {anonymous ? (
          <span>{cdr.displayName}</span>
        ) : (
          <Tooltip title={tooltip}>
            <Link
              to={paths.cust.record.href(number)}
              style={{ color: 'inherit', textDecoration: 'underline' }}
            >
              {cdr.displayName}
            </Link>
          </Tooltip>
        )}
        {!missed && cdr.answeredElsewhere ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.answeredElsewhere}
          </Typography.Text>
        ) : null}
      </HistoryEntryCells>
    </Flex>
  );
}
