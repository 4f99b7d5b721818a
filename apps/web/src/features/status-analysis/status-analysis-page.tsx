import { endpoints } from '@tsunagu/contract/api';
import type { StatusAnalysisRow } from '@tsunagu/contract/analysis/status';
import { USER_STATUS_LABELS } from '@tsunagu/contract/user-status';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Select, Spin, Table, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { fetchData } from '../../shared/api/client';
import { useAnalysisParams } from '../../shared/analysis/period';
import { PeriodPicker } from '../../shared/analysis/period-picker';
import { EChart, type ChartOption } from '../../shared/charts/echart';
import { exportGrid } from '../../shared/ui/export-grid';
import { SHOWN_STATUSES, STATUS_COLUMNS, timelineDays } from './status-analysis-model';
import { jaStatusAnalysis as t } from './status-analysis.ja';
import { STATUS_FILL } from './status-colors';
import { StatusTimeline } from './status-timeline';

function chartOption(rows: readonly StatusAnalysisRow[]): ChartOption {
  const names = rows.map((r) => r.userNm || r.extension || '');
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => `${Number(v).toFixed(1)}${t.hours}`,
    },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same' },
    xAxis: { type: 'value', name: t.hours },
    yAxis: { type: 'category', data: names, inverse: true },
    series: SHOWN_STATUSES.map((status) => ({
      type: 'bar',
      stack: 'time',
      name: USER_STATUS_LABELS[status],
      itemStyle: { color: STATUS_FILL[status] },
      data: rows.map((r) => Math.round((r.seconds[status] / 3600) * 10) / 10),
    })),
  };
}

/** ステータス分析 (4300): time in each status and 稼働率 per user, and one user's day-by-day timeline. */
export function StatusAnalysisPage() {
  const { period, params, set } = useAnalysisParams();
  const userUuid = params.get('user');
  const query = useQuery({
    queryKey: ['analysis', 'status', period, userUuid],
    queryFn: () => fetchData(endpoints.statusAnalysis, { body: { ...period, userUuid } }),
    placeholderData: (previous) => previous,
  });
  const everyone = useQuery({
    queryKey: ['analysis', 'status', period, null],
    queryFn: () => fetchData(endpoints.statusAnalysis, { body: period }),
    enabled: userUuid !== null,
  });
  const rows = useMemo(() => query.data?.rows ?? [], [query.data?.rows]);
  const users = (userUuid ? everyone.data?.rows : query.data?.rows) ?? [];
  const chosen = users.find((u) => u.userUuid === userUuid);
  const days = useMemo(() => timelineDays(query.data?.timeline ?? []), [query.data?.timeline]);
  const option = useMemo(() => chartOption(rows), [rows]);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t.title}
        </Typography.Title>
        <Flex gap={8} wrap align="center">
          <PeriodPicker value={period} onChange={(p) => set({ from: p.from, to: p.to })} />
          <Select
            aria-label={t.user}
            placeholder={t.userPlaceholder}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            value={userUuid ?? undefined}
            options={users.map((u) => ({
              value: u.userUuid,
              label: `${u.userNm}${u.extension ? ` (${u.extension})` : ''}`,
            }))}
            onChange={(value?: string) => set({ user: value ?? null })}
          />
          <Button disabled={rows.length === 0} onClick={() => void exportGrid(t.title, STATUS_COLUMNS, rows)}>
            {t.export}
          </Button>
        </Flex>
      </Flex>
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      <Spin spinning={query.isFetching}>
        <Flex vertical gap={12}>
          <Card size="small" title={t.chart}>
            {rows.length === 0 ? (
              <Empty description={t.empty} />
            ) : (
              <EChart option={option} height={Math.max(160, 40 + rows.length * 28)} label={t.chart} />
            )}
          </Card>
          <Table<StatusAnalysisRow>
            size="small"
            rowKey="userUuid"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            columns={STATUS_COLUMNS.map((column) => ({
              key: column.key,
              width: column.width,
              align: ['userNm', 'extension'].includes(column.key) ? 'left' : 'right',
              title: column.hint ? <Tooltip title={column.hint}>{column.title}</Tooltip> : column.title,
              render: (_: unknown, row: StatusAnalysisRow) => column.text(row),
            }))}
            locale={{ emptyText: t.empty }}
          />
          {userUuid && (
            <Card size="small" title={t.timeline(chosen?.userNm ?? '')}>
              {days.length === 0 ? (
                <Empty description={t.timelineEmpty} />
              ) : (
                <StatusTimeline days={days} label={t.timeline(chosen?.userNm ?? '')} />
              )}
            </Card>
          )}
        </Flex>
      </Spin>
    </Flex>
  );
}
