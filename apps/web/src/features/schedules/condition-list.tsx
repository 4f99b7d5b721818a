import { conditionDisplayName, conditionSummary } from '@tsunagu/contract/schedule/format';
import { isAnti, type ConditionType, type TimeCondition } from '@tsunagu/contract/schedule/schema';
import { Button, Flex, Grid, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { ja } from '../../shared/i18n/ja';
import { ActionTag } from './action-badges';
import { schedulesJa } from './schedules.ja';

const t = schedulesJa;

/** A condition with its place in the schedule's array (what edits and deletes address). */
interface Row {
  index: number;
  condition: TimeCondition;
}

export interface ConditionListProps {
  conditions: readonly TimeCondition[];
  onAdd: (type: ConditionType) => void;
  onEdit: (index: number) => void;
  onDelete: (index: number) => void;
}

/** 'Specific date / weekday time list': every condition by priority; the default can be neither edited nor deleted. */
export function ConditionList({ conditions, onAdd, onEdit, onDelete }: ConditionListProps) {
  const rows = useMemo(
    () =>
      conditions
        .map((condition, index) => ({ index, condition }))
        .sort((a, b) => a.condition.timeConditionOrder - b.condition.timeConditionOrder),
    [conditions],
  );
  // Fixed widths for the short columns and one line per text: a long name or summary is cut with an
  // ellipsis and shown whole in a tooltip. Below 1600 px wide the split pane is narrow (≈450 px at
  // 1280 px), so the summary moves under the name instead of taking a column of its own.
  const wide = Grid.useBreakpoint().xxl ?? false;
  const columns: TableColumnsType<Row> = [
    {
      key: 'order',
      title: t.order,
      width: 76,
      render: (_, r) => (isAnti(r.condition) ? '' : r.condition.timeConditionOrder),
    },
    {
      key: 'name',
      title: wide ? t.conditionName : t.nameAndSummary,
      width: wide ? '32%' : undefined,
      ellipsis: { showTitle: false },
      render: (_, r) => (
        <>
          <OneLine text={conditionDisplayName(r.condition)} />
          {!wide && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              <OneLine text={conditionSummary(r.condition)} />
            </Typography.Text>
          )}
        </>
      ),
    },
    ...(wide
      ? [
          {
            key: 'summary',
            title: t.summary,
            ellipsis: { showTitle: false },
            render: (_: unknown, r: Row) => <OneLine text={conditionSummary(r.condition)} />,
          },
        ]
      : []),
    {
      key: 'action',
      title: t.actionColumn,
      width: 104,
      render: (_, r) => <ActionTag type={r.condition.timeConditionActionType} />,
    },
    {
      key: 'operations',
      title: t.operations,
      width: 116,
      render: (_, r) =>
        !isAnti(r.condition) && (
          <Flex gap={4} wrap={false}>
            <Button size="small" onClick={() => onEdit(r.index)}>
              {ja.pbx.list.edit}
            </Button>
            <Button size="small" danger onClick={() => onDelete(r.index)}>
              {ja.pbx.list.remove}
            </Button>
          </Flex>
        ),
    },
  ];

  return (
    <section aria-label={t.listTitle}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t.listTitle}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => onAdd('wtime')}>{t.addWtime}</Button>
          <Button onClick={() => onAdd('mday')}>{t.addDate}</Button>
          <Button onClick={() => onAdd('holiday')}>{t.addHoliday}</Button>
        </Flex>
      </Flex>
      <Table<Row>
        tableLayout="fixed"
        rowKey={(r) => r.condition.timeConditionUuid ?? `new-${r.index}`}
        columns={columns}
        dataSource={rows}
        pagination={false}
        size="small"
        locale={{ emptyText: ja.pbx.list.noData }}
      />
    </section>
  );
}

/** A cell's text on one line, cut with an ellipsis; the whole text in a tooltip and for screen readers. */
function OneLine({ text }: { text: string }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span style={ONE_LINE}>{text}</span>
    </Tooltip>
  );
}

const ONE_LINE = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
