import { callsHandled } from '@tsunagu/contract/analysis/extension';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useAnalysisParams } from '../../shared/analysis/period';
import { AnalysisFrame, AnalysisTable } from '../../shared/analysis/analysis-frame';
import { EChart, type ChartOption } from '../../shared/charts/echart';
import { EXTENSION_COLUMNS, hourTotals, rankRows, type RankedRow } from './extension-analysis-model';
import { extensionAnalysisQuery } from './extension-analysis-query';
import { jaExtensionAnalysis as t } from './extension-analysis.ja';

const TEXT_KEYS = EXTENSION_COLUMNS.filter((column) => !column.numeric).map((column) => column.key);

/** Users with calls in either period, most calls first (everyone would make a very tall chart). */
function rankingOption(rows: readonly RankedRow[]): ChartOption {
  const shown = rows.filter((r) => callsHandled(r.current) + callsHandled(r.previous) > 0);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same' },
    xAxis: { type: 'value', name: t.calls, minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((r) => r.userNm || r.extension || ''), inverse: true },
    series: [
      { type: 'bar', name: t.current, data: shown.map((r) => callsHandled(r.current)) },
      { type: 'bar', name: t.previous, data: shown.map((r) => callsHandled(r.previous)) },
    ],
  };
}

function hourOption(rows: readonly RankedRow[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, outerBoundsMode: 'same' },
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => t.hour(h)) },
    yAxis: { type: 'value', name: t.calls, minInterval: 1 },
    series: [
      { type: 'bar', name: t.current, data: hourTotals(rows, 'current') },
      { type: 'line', name: t.previous, data: hourTotals(rows, 'previous') },
    ],
  };
}

/** 内線分析 (4200): each user's calls over a period beside the previous one, ranked by calls handled. */
export function ExtensionAnalysisPage() {
  const { period, set } = useAnalysisParams();
  const query = useQuery({ ...extensionAnalysisQuery(period), placeholderData: (previous) => previous });
  const rows = useMemo(() => rankRows(query.data?.rows ?? []), [query.data?.rows]);
  const ranking = useMemo(() => rankingOption(rows), [rows]);
  const hours = useMemo(() => hourOption(rows), [rows]);
  const rankedCount = rows.filter((r) => callsHandled(r.current) + callsHandled(r.previous) > 0).length;
  const previous = query.data?.previous;

  return (
    <AnalysisFrame
      title={t.title}
      period={period}
      onPeriod={set}
      columns={EXTENSION_COLUMNS}
      rows={rows}
      query={query}
      filters={
        previous && (
          <Typography.Text type="secondary">{t.previousPeriod(previous.from, previous.to)}</Typography.Text>
        )
      }
    >
      <Flex gap={12} wrap>
        <Card size="small" title={t.ranking} style={{ flex: '1 1 420px', minWidth: 0 }}>
          {rankedCount === 0 ? (
            <Empty description={t.empty} />
          ) : (
            <EChart option={ranking} height={Math.max(160, 48 + rankedCount * 32)} label={t.ranking} />
          )}
        </Card>
        <Card size="small" title={t.byHour} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <EChart option={hours} height={260} label={t.byHour} />
        </Card>
      </Flex>
      <AnalysisTable<RankedRow>
        rowKey="userUuid"
        columns={EXTENSION_COLUMNS}
        rows={rows}
        textKeys={TEXT_KEYS}
        locale={{ emptyText: t.empty }}
      />
    </AnalysisFrame>
  );
}
