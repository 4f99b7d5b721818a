import type { Period } from '@tsunagu/contract/analysis/period';
import { Alert, Button, Flex, Spin, Table, Tooltip, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { jaList } from '../i18n/ja-list';
import { useValueAfterPaint } from '../ui/after-paint';
import { exportGrid } from '../ui/export-grid';
import type { GridColumn } from '../ui/grid-columns';
import { PeriodPicker } from './period-picker';

/** A column of an analysis table: its header may carry the measure's definition. */
export interface AnalysisColumn<T> extends GridColumn<T> {
  /** The definition shown in the header's tooltip. */
  hint?: string;
}

interface AnalysisFrameProps<T> {
  title: string;
  period: Period;
  onPeriod: (period: Period) => void;
  /** The screen's own filters, after the period. */
  filters?: ReactNode;
  /** What the export writes: exactly the table's columns and rows. */
  columns: readonly AnalysisColumn<T>[];
  rows: readonly T[];
  /** The screen's query: its error is shown, and a spinner while it fetches. */
  query: { error: Error | null; isFetching: boolean };
  children: ReactNode;
}

/** What the three analysis screens share: title, period, filters and export above; error and spinner around. */
export function AnalysisFrame<T>({
  title,
  period,
  onPeriod,
  filters,
  columns,
  rows,
  query,
  children,
}: AnalysisFrameProps<T>) {
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex gap={8} wrap align="center">
          <PeriodPicker value={period} onChange={onPeriod} />
          {filters}
          <Button disabled={rows.length === 0} onClick={() => void exportGrid(title, columns, rows)}>
            {jaList.exportAll}
          </Button>
        </Flex>
      </Flex>
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      <Spin spinning={query.isFetching}>
        <Flex vertical gap={12}>
          {children}
        </Flex>
      </Spin>
    </Flex>
  );
}

type AnalysisTableProps<T> = Omit<TableProps<T>, 'columns' | 'dataSource'> & {
  columns: readonly AnalysisColumn<T>[];
  rows: readonly T[];
  /** The keys of the text columns, aligned left; figures align right. */
  textKeys: readonly string[];
  /** A column that stays in view when the table scrolls sideways. */
  fixedKey?: string;
};

/**
 * An analysis table: every cell is the column's text (what the export writes), headers explain their
 * measure. The first rows it gets wait a painted frame: a year by day is 365 rows, and rendering them
 * with the chart kept the chart off screen (issue 21: navigation to chart painted < 1 s).
 */
export function AnalysisTable<T extends object>({
  columns,
  rows,
  textKeys,
  fixedKey,
  ...table
}: AnalysisTableProps<T>) {
  const hadRows = useValueAfterPaint(rows.length > 0) ?? false;
  if (rows.length > 0 && !hadRows) return null;
  return (
    <Table<T>
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      {...table}
      dataSource={[...rows]}
      columns={columns.map((column) => ({
        key: column.key,
        width: column.width,
        fixed: column.key === fixedKey ? ('left' as const) : undefined,
        align: textKeys.includes(column.key) ? 'left' : 'right',
        title: column.hint ? <Tooltip title={column.hint}>{column.title}</Tooltip> : column.title,
        render: (_: unknown, row: T) => column.text(row),
      }))}
    />
  );
}
