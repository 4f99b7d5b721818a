import type { Page } from '@tsunagu/contract/paging';
import { PAGE_SIZES } from '@tsunagu/contract/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Flex,
  Input,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { dayjs } from '../dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ja } from '../i18n/ja';
import { exportGrid } from './export-grid';
import { tableColumn, type GridColumn } from './grid-columns';
import { ListHeading } from './list-heading';
import { useListUrlState, type ListState } from './list-url-state';
import { useNotices } from './notices';

const t = ja.list;
const DATE = 'YYYY-MM-DD';

/** A column of a server-paged list; `sortField` (one of the endpoint's sort fields) makes it sortable. */
export interface ServerColumn<T> extends GridColumn<T> {
  sortField?: string;
}

/** A filter of the list: free text, one of some options, or a period (`from`/`to` dates, both inclusive). */
export type ListFilter =
  | { kind: 'text'; key: string; label: string }
  | { kind: 'select'; key: string; label: string; options: readonly { value: string; label: string }[] }
  | { kind: 'period'; label: string };

const PERIOD_KEYS = ['from', 'to'] as const;
const keysOf = (filter: ListFilter): readonly string[] =>
  filter.kind === 'period' ? PERIOD_KEYS : [filter.key];

export interface ServerListScreenProps<T> {
  /** Heading of the list; also names the exported file. */
  title: string;
  columns: readonly ServerColumn<T>[];
  rowKey: (row: T) => string;
  /** The feature's query key; the list's state is appended to it. */
  queryKey: readonly unknown[];
  /** The sort when the URL names none, `field,asc|desc`. */
  defaultSort: string;
  filters?: readonly ListFilter[];
  /** One page for the state (the server pages, sorts and filters). */
  fetchPage: (state: ListState, signal: AbortSignal) => Promise<Page<T>>;
  /** The whole filtered result in the list's order, for the export. */
  fetchAll: (state: ListState) => Promise<T[]>;
  /** Buttons acting on the selected rows (the export of the selection is always offered). */
  bulkActions?: (selected: T[], clear: () => void) => ReactNode;
  /** The screen's own buttons before 再表示 (e.g. 新規作成). */
  toolbar?: ReactNode;
}

/**
 * The server-paged list screen of the second half (the PBX lists keep ListScreen): paging, sorting and
 * filtering by the server, its state in the URL, rows selected across pages for bulk actions, and the
 * export of the whole filtered result. Model: bulletproof-react's discussions list (`?page=` + meta).
 */
export function ServerListScreen<T extends object>(props: ServerListScreenProps<T>) {
  const { title, columns, rowKey, defaultSort, filters = [], fetchPage, fetchAll } = props;
  const filterKeys = useMemo(() => filters.flatMap(keysOf), [filters]);
  const { state, setPage, setSort, setFilters } = useListUrlState(defaultSort, filterKeys);
  const query = useQuery({
    queryKey: [...props.queryKey, state],
    queryFn: ({ signal }) => fetchPage(state, signal),
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const [exporting, setExporting] = useState(false);
  const notices = useNotices();
  const clear = () => setSelected(new Map());

  const runExport = async (rows: () => Promise<T[]>) => {
    setExporting(true);
    try {
      await exportGrid(title, columns, await rows());
    } catch (error) {
      notices.failed(error);
    } finally {
      setExporting(false);
    }
  };

  const [field, direction] = state.sort.split(',');
  const tableColumns = useMemo<TableColumnsType<T>>(
    () =>
      columns.map((column) => ({
        ...tableColumn(column),
        sorter: column.sortField !== undefined,
        sortOrder:
          column.sortField !== undefined && column.sortField === field
            ? direction === 'asc'
              ? 'ascend'
              : 'descend'
            : null,
        sortDirections: ['ascend', 'descend', 'ascend'],
      })),
    [columns, field, direction],
  );

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 360 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ListHeading title={title} total={t.total(page?.totalElements ?? 0)} />
        <Space wrap>
          {selected.size > 0 && (
            <>
              <Typography.Text>{t.selected(selected.size)}</Typography.Text>
              {props.bulkActions?.([...selected.values()], clear)}
              <Button disabled={exporting} onClick={() => void runExport(async () => [...selected.values()])}>
                {t.exportSelected}
              </Button>
              <Button onClick={clear}>{t.clearSelection}</Button>
            </>
          )}
          {props.toolbar}
          <Button onClick={() => void query.refetch()}>{t.refresh}</Button>
          <Button loading={exporting} onClick={() => void runExport(() => fetchAll(state))}>
            {exporting ? t.exporting : t.exportAll}
          </Button>
        </Space>
      </Flex>
      {filters.length > 0 && <FilterBar filters={filters} applied={state.filters} onApply={setFilters} />}
      <Table<T>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={page?.content ?? []}
        loading={{ spinning: query.isFetching, description: t.loading }}
        locale={{ emptyText: t.noData }}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          type: 'checkbox',
          columnWidth: 40,
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...selected.keys()],
          onChange: (keys, rows) => {
            // Rows of other pages are not in `rows`: keep those already held.
            const byKey = new Map(rows.filter(Boolean).map((row) => [rowKey(row), row]));
            setSelected(
              new Map(keys.map((key) => [String(key), byKey.get(String(key)) ?? selected.get(String(key))!])),
            );
          },
        }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = columns.find((c) => c.key === one?.columnKey);
          const sort =
            column?.sortField && one?.order
              ? `${column.sortField},${one.order === 'ascend' ? 'asc' : 'desc'}`
              : defaultSort;
          if (sort !== state.sort) setSort(sort);
          else setPage((pagination.current ?? 1) - 1, pagination.pageSize ?? state.size);
        }}
        pagination={{
          current: state.page + 1,
          pageSize: state.size,
          total: page?.totalElements ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t.range(from, to, total),
        }}
      />
    </Flex>
  );
}

/** The filter inputs: edited as a draft, applied together (a new search starts at page 1). */
function FilterBar(props: {
  filters: readonly ListFilter[];
  applied: Record<string, string>;
  onApply: (filters: Record<string, string>) => void;
}) {
  const [draft, setDraft] = useState(props.applied);
  // Back and Forward change the applied filters: show them.
  useEffect(() => setDraft(props.applied), [props.applied]);
  const set = (key: string, value: string | undefined) =>
    setDraft((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });
  const apply = () => props.onApply(draft);
  return (
    <Flex wrap gap={8} align="center" role="search">
      {props.filters.map((filter) =>
        filter.kind === 'text' ? (
          <Input
            key={filter.key}
            aria-label={filter.label}
            placeholder={filter.label}
            value={draft[filter.key] ?? ''}
            allowClear
            style={{ width: 200 }}
            onChange={(event) => set(filter.key, event.target.value)}
            onPressEnter={apply}
          />
        ) : filter.kind === 'select' ? (
          <Select
            key={filter.key}
            aria-label={filter.label}
            placeholder={filter.label}
            value={draft[filter.key]}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 240 }}
            options={filter.options.map((option) => ({ ...option }))}
            onChange={(value?: string) => set(filter.key, value)}
          />
        ) : (
          <DatePicker.RangePicker
            key="period"
            aria-label={filter.label}
            placeholder={[t.periodStart, t.periodEnd]}
            allowEmpty={[true, true]}
            value={[draft.from ? dayjs(draft.from) : null, draft.to ? dayjs(draft.to) : null]}
            onChange={(dates) => {
              set('from', dates?.[0]?.format(DATE));
              set('to', dates?.[1]?.format(DATE));
            }}
          />
        ),
      )}
      <Button type="primary" onClick={apply}>
        {t.search}
      </Button>
      <Button
        onClick={() => {
          setDraft({});
          props.onApply({});
        }}
      >
        {t.clearFilters}
      </Button>
    </Flex>
  );
}

/** The instant a `from`/`to` date of a period filter starts or ends (the end date is included). */
export function periodBounds(filters: Record<string, string>): { from?: string; to?: string } {
  return {
    from: filters.from ? dayjs(filters.from, DATE).startOf('day').toISOString() : undefined,
    to: filters.to ? dayjs(filters.to, DATE).add(1, 'day').startOf('day').toISOString() : undefined,
  };
}
