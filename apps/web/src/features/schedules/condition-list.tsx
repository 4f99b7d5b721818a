import { conditionDisplayName, conditionSummary } from '@tsunagu/contract/schedule/format';
import { isAnti, type ConditionType, type TimeCondition } from '@tsunagu/contract/schedule/schema';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { ja } from '../../shared/i18n/ja';
import { ActionTag } from './action-badges';

const t = ja.schedules;

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
  const columns: TableColumnsType<Row> = [
    {
      key: 'order',
      title: t.order,
      width: 80,
      render: (_, r) => (isAnti(r.condition) ? '' : r.condition.timeConditionOrder),
    },
    { key: 'name', title: t.conditionName, width: 110, render: (_, r) => conditionDisplayName(r.condition) },
    { key: 'summary', title: t.summary, render: (_, r) => conditionSummary(r.condition) },
    {
      key: 'action',
      title: t.actionColumn,
      width: 100,
      render: (_, r) => <ActionTag type={r.condition.timeConditionActionType} />,
    },
    {
      key: 'operations',
      title: t.operations,
      width: 120,
      render: (_, r) =>
        !isAnti(r.condition) && (
          <Flex gap={4}>
            <Button onClick={() => onEdit(r.index)}>{ja.pbx.list.edit}</Button>
            <Button danger onClick={() => onDelete(r.index)}>
              {ja.pbx.list.remove}
            </Button>
          </Flex>
        ),
    },
  ];

  return (
    <section aria-label={t.listTitle}>
      <Flex justify="space-between" align="center" style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t.listTitle}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => onAdd('wtime')}>{t.addWtime}</Button>
          <Button onClick={() => onAdd('mday')}>{t.addDate}</Button>
        </Flex>
      </Flex>
      <Table<Row>
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
