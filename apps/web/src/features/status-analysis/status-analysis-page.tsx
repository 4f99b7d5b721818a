import type { StatusAnalysisRow } from '@tsunagu/contract/analysis/status';
import { USER_STATUS_LABELS } from '@tsunagu/contract/user-status';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select } from 'antd';
import { useMemo } from 'react';
import { useAnalysisParams } from '../../shared/analysis/period';
import { AnalysisFrame, AnalysisTable } from '../../shared/analysis/analysis-frame';
import { EChart, type ChartOption } from '../../shared/charts/echart';
import { SHOWN_STATUSES, STATUS_COLUMNS, timelineDays } from './status-analysis-model';
import { statusAnalysisQuery } from './status-analysis-query';
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
    ...statusAnalysisQuery(period, userUuid),
    placeholderData: (previous) => previous,
  });
  const everyone = useQuery({ ...statusAnalysisQuery(period, null), enabled: userUuid !== null });
  const rows = useMemo(() => query.data?.rows ?? [], [query.data?.rows]);
  const users = (userUuid ? everyone.data?.rows : query.data?.rows) ?? [];
  const chosen = users.find((u) => u.userUuid === userUuid);
  const days = useMemo(() => timelineDays(query.data?.timeline ?? []), [query.data?.timeline]);
  const option = useMemo(() => chartOption(rows), [rows]);

  return (
    <AnalysisFrame
      title={t.title}
      period={period}
      onPeriod={set}
      columns={STATUS_COLUMNS}
      rows={rows}
      query={query}
      filters={
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
      }
    >
      <Card size="small" title={t.chart}>
        {rows.length === 0 ? (
          <Empty description={t.empty} />
        ) : (
          <EChart option={option} height={Math.max(160, 40 + rows.length * 28)} label={t.chart} />
        )}
      </Card>
      <AnalysisTable<StatusAnalysisRow>
        rowKey="userUuid"
        columns={STATUS_COLUMNS}
        rows={rows}
        textKeys={['userNm', 'extension']}
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
    </AnalysisFrame>
  );
}
