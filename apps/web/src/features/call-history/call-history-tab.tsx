import { ReloadOutlined } from '@ant-design/icons';
import { CDR_PAGE_SIZE } from '@tsunagu/contract/cdr';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useDial } from '../../shared/dial/dial';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { CallHistoryRow } from './call-history-row';
import { useCdrPage } from './cdr-page';
import { HistoryPager } from './history-pager';

/** The user's own call records, 10 per page (spec 2.4 "Call history tab"). */
export function CallHistoryTab() {
  const { user } = useUserInfo();
  if (!user.extensionUuid) {
    return <Typography.Paragraph type="secondary">{ja.panel.history.noExtension}</Typography.Paragraph>;
  }
  return <CallHistoryList domainUuid={user.domainUuid} extensionUuid={user.extensionUuid} />;
}

function CallHistoryList({ domainUuid, extensionUuid }: { domainUuid: string; extensionUuid: string }) {
  const [page, setPage] = useState(1);
  const history = useCdrPage({ domainUuid, extensionUuid, page });
  const { dial, blocked } = useDial();
  const total = history.data?.totalElements ?? 0;

  const refresh = () => {
    if (page === 1) void history.refetch();
    else setPage(1);
  };

  return (
    <Flex vertical gap={8}>
      <Flex justify="flex-end">
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={history.isFetching}>
          {ja.panel.refresh}
        </Button>
      </Flex>
      <Spin spinning={history.isPending} description={ja.panel.loading}>
        {history.data && history.data.content.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ja.panel.history.empty} />
        ) : (
          <div role="list" aria-label={ja.sidePanel.tabs.history}>
            {history.data?.content.map((cdr) => (
              <CallHistoryRow key={cdr.cdrUuid} cdr={cdr} onDial={dial} dialBlocked={blocked} />
            ))}
          </div>
        )}
      </Spin>
      {/* Spec 2.4: the pager appears only when there is more than one page. */}
      {total > CDR_PAGE_SIZE && (
        <HistoryPager current={page} totalItems={total} pageSize={CDR_PAGE_SIZE} onChange={setPage} />
      )}
    </Flex>
  );
}
