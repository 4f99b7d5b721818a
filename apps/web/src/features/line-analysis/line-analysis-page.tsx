import { CALL_GROUPING_LABELS, CALL_GROUPINGS, type CallGrouping } from '@tsunagu/contract/analysis/calls';
import { useQuery } from '@tanstack/react-query';
import { Card, Checkbox, Col, Empty, Row, Select, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useAnalysisParams } from '../../shared/analysis/period';
import { AnalysisFrame, AnalysisTable } from '../../shared/analysis/analysis-frame';
import { EChart } from '../../shared/charts/echart';
import { callsChartOption, HEATMAP_COLORS, heatmapOption } from './line-analysis-charts';
import { lineColumns, lineRows, totalRow, type LineRow } from './line-analysis-model';
import { lineAnalysisBody, lineAnalysisQuery } from './line-analysis-query';
import { jaLineAnalysis as t } from './line-analysis.ja';

/** 発着信分析 (4100): the tenant's calls over a period, grouped, with every measure and two heatmaps. */
export function LineAnalysisPage() {
  const { period, params, set } = useAnalysisParams();
  const body = lineAnalysisBody(params, period);
  const { grouping, incomingNumber, businessHoursOnly, excludeHolidays } = body;
  const query = useQuery({ ...lineAnalysisQuery(body), placeholderData: (previous) => previous });
  const answer = query.data;
  // The answer being shown, with the grouping and period it was asked for (a new one may be loading).
  const rows = useMemo(
    () => (answer ? [...lineRows(answer, grouping, period), totalRow(answer)] : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when a new answer arrives
    [answer],
  );
  const columns = useMemo(() => lineColumns(grouping), [grouping]);
  const groups = useMemo(() => rows.slice(0, -1), [rows]);
  const chart = useMemo(() => callsChartOption(groups), [groups]);
  const heatmaps = useMemo(
    () =>
      answer && {
        incoming: heatmapOption(answer.heatmap.incoming, HEATMAP_COLORS.incoming, t.heatmapIncoming),
        missed: heatmapOption(answer.heatmap.missed, HEATMAP_COLORS.missed, t.heatmapMissed),
      },
    [answer],
  );
  const quiet = answer !== undefined && answer.total.incoming === 0 && answer.total.outgoing === 0;
  const noIncoming = answer?.total.incoming === 0;

  return (
    <AnalysisFrame
      title={t.title}
      period={period}
      onPeriod={set}
      columns={columns}
      rows={rows}
      query={query}
      filters={
        <>
          <Select<CallGrouping>
            aria-label={t.grouping}
            style={{ width: 110 }}
            value={grouping}
            options={CALL_GROUPINGS.map((value) => ({ value, label: CALL_GROUPING_LABELS[value] }))}
            onChange={(value) => set({ group: value })}
          />
          <Select<string>
            aria-label={t.incomingNumber}
            placeholder={t.allNumbers}
            allowClear
            showSearch
            style={{ width: 190 }}
            value={incomingNumber ?? undefined}
            options={(answer?.incomingNumbers ?? []).map((value) => ({ value, label: value }))}
            onChange={(value?: string) => set({ number: value ?? null })}
          />
          <Tooltip title={t.businessHoursHint}>
            <Checkbox
              checked={businessHoursOnly}
              onChange={(e) => set({ business: e.target.checked ? '1' : null })}
            >
              {t.businessHoursOnly}
            </Checkbox>
          </Tooltip>
          <Tooltip title={t.excludeHolidaysHint}>
            <Checkbox
              checked={excludeHolidays}
              onChange={(e) => set({ holidays: e.target.checked ? 'exclude' : null })}
            >
              {t.excludeHolidays}
            </Checkbox>
          </Tooltip>
        </>
      }
    >
      <Card size="small" title={t.chart}>
        {quiet || !answer ? (
          <Empty description={t.empty} />
        ) : (
          <EChart option={chart} height={300} label={t.chart} />
        )}
      </Card>
      <AnalysisTable<LineRow>
        rowKey="key"
        columns={columns}
        rows={rows}
        textKeys={['label']}
        fixedKey="label"
        onRow={(row) => (row.key === 'total' ? { style: { fontWeight: 600 } } : {})}
      />
      {heatmaps && (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={12}>
            <Card size="small" title={t.heatmapIncoming}>
              {noIncoming ? (
                <Empty description={t.noIncoming} />
              ) : (
                <EChart option={heatmaps.incoming} height={280} label={t.heatmapIncoming} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card size="small" title={t.heatmapMissed}>
              {noIncoming ? (
                <Empty description={t.noIncoming} />
              ) : (
                <EChart option={heatmaps.missed} height={280} label={t.heatmapMissed} />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </AnalysisFrame>
  );
}
