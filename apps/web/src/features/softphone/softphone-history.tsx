import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import { endpoints } from '@tsunagu/contract/api';
import {
  ANONYMOUS,
  CDR_PAGE_SIZE,
  cdrDialNumber,
  isMissed,
  type CallDirection,
  type CdrItem,
  type Page,
} from '@tsunagu/contract/cdr';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Flex, Pagination, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { fetchData } from '../../shared/api/client';
import { ja } from '../../shared/i18n/ja';
import { useOwnExtensionNumber } from '../../shared/session/session-store';
import { HistoryEntryCells } from '../../shared/ui/history-entry-cells';
import { softphoneJa } from './softphone.ja';

/** The list state's itemsPerPage (spec 3 "Call record"): one page of the history. */
const ITEMS_PER_PAGE = CDR_PAGE_SIZE;

const ICONS: Record<CallDirection, ReactNode> = {
  inbound: <ArrowDownOutlined />,
  outbound: <ArrowUpOutlined />,
  local: <SwapOutlined />,
};

/** POST /v1/cdr/ext: a page (1-based) of the user's own calls, newest first. */
async function historyPage(domainUuid: string, extensionUuid: string, page: number): Promise<Page<CdrItem>> {
  const query = { size: ITEMS_PER_PAGE, page: page - 1, sort: 'startStamp,DESC' } as const;
  return (await fetchData(endpoints.cdrExt, { query, body: { domainUuid, extensionUuid } })).page;
}

function HistoryRow({ cdr, onDial }: { cdr: CdrItem; onDial: (number: string) => void }) {
  const number = cdrDialNumber(cdr, useOwnExtensionNumber());
  const anonymous = number === ANONYMOUS;
  const missed = isMissed(cdr);
  const h = ja.panel.history;
  // Spec 2.4: a colleague's (local) call has no customer behind it.
  const name =
    cdr.direction === 'local' || anonymous ? (
      <span>{cdr.displayName}</span>
    ) : (
      <Link to={paths.cust.record.href(number)} style={{ color: 'inherit', textDecoration: 'underline' }}>
        {cdr.displayName}
      </Link>
    );
  return (
    <Flex
      role="listitem"
      data-direction={cdr.direction}
      align="center"
      gap={6}
      style={{ padding: '4px 6px', borderBottom: '1px solid #f0f0f0', color: missed ? '#cf1322' : undefined }}
    >
      <span role="img" aria-label={`${h.directions[cdr.direction]}${missed ? `（${h.missed}）` : ''}`}>
        {ICONS[cdr.direction]}
      </span>
      <HistoryEntryCells
        number={number}
        anonymousLabel={h.anonymous}
        onDial={onDial}
        startStamp={cdr.startStamp}
      >
        {name}
      </HistoryEntryCells>
    </Flex>
  );
}

/** The softphone tab's own call-history list, paged by itemsPerPage; its numbers dial through the softphone. */
export function SoftphoneHistory({
  domainUuid,
  extensionUuid,
  onDial,
}: {
  domainUuid: string;
  extensionUuid: string;
  onDial: (number: string) => void;
}) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['cdr', extensionUuid, 'softphone', page],
    queryFn: () => historyPage(domainUuid, extensionUuid, page),
    placeholderData: keepPreviousData,
  });
  const total = history.data?.totalElements ?? 0;
  return (
    <section aria-label={softphoneJa.history}>
      <Typography.Text strong>{softphoneJa.history}</Typography.Text>
      <Spin spinning={history.isPending} description={ja.panel.loading}>
        {history.data?.content.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ja.panel.history.empty} />
        ) : (
          <div role="list" aria-label={softphoneJa.history}>
            {history.data?.content.map((cdr) => (
              <HistoryRow key={cdr.cdrUuid} cdr={cdr} onDial={onDial} />
            ))}
          </div>
        )}
      </Spin>
      {total > ITEMS_PER_PAGE && (
        <Flex justify="center" style={{ marginTop: 6 }}>
          <Pagination
            size="small"
            current={page}
            pageSize={ITEMS_PER_PAGE}
            total={total}
            showSizeChanger={false}
            onChange={setPage}
          />
        </Flex>
      )}
    </section>
  );
}
