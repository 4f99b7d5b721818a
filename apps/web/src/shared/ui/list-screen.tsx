import { Button, Flex, Input, Space, Table, type TableColumnsType } from 'antd';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UsageData } from '@tsunagu/contract/pbx/usage';
import { ja } from '../i18n/ja';
import { useConfirmDelete } from './confirm';
import { exportGrid } from './export-grid';
import { filterRows, tableColumn, type GridColumn } from './grid-columns';
import { ListHeading } from './list-heading';
import { useNotices } from './notices';
import { UsageDrawer } from './usage-drawer';
import { useElementSize } from './use-element-size';
import { useListSelection } from './use-list-selection';

/** Spec 9 "Timing": the edit dialog opens this long after Edit is pressed. */
export const EDIT_OPEN_DELAY_MS = 150;
/** Above this many rows only the visible ones are rendered, so 5,000 extensions stay fast. */
const VIRTUAL_ROWS_FROM = 100;
/** Height of the grid's header row (antd small size), taken off the body's scroll height. */
const HEADER_HEIGHT = 40;
/** The body height a long grid starts with until its box has been measured. */
const UNMEASURED_BODY_HEIGHT = 400;

const t = ja.pbx.list;

export interface ListScreenProps<T> {
  /** Heading of the list; also names the exported file. */
  title: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly GridColumn<T>[];
  /** Shows the 'お待ちください...' overlay. */
  loading: boolean;
  /** Each action's button appears only when its handler is given. */
  onRefresh?: () => Promise<unknown>;
  onCreate?: () => void;
  onEdit?: (row: T) => void;
  /**
   * Runs after the user confirmed; a rejection is shown as an alert with the server's msg.
   * `removeReferences`: the user chose 参照を削除して削除 for an object in use.
   */
  onDelete?: (row: T, removeReferences: boolean) => Promise<unknown>;
  /** Where a row is used: adds the 使用箇所 view, and the delete confirmation says where it is used. */
  usage?: (row: T) => Promise<UsageData>;
  /** The row's name in the 使用箇所 view (its number); the first column's text unless given. */
  usageName?: (row: T) => string;
  /** Per-row rules (e.g. DEFAULT recordings): may the selected row be edited / deleted? */
  canEdit?: (row: T) => boolean;
  canDelete?: (row: T) => boolean;
  /** Shown between the filter and the grid (e.g. an audio player). */
  children?: ReactNode;
}

/**
 * The common PBX list screen of spec 2.5: title with the total count, New/Edit/Delete/Refresh/Export,
 * single-row checkbox selection, a quick filter over every column's text, and an unpaged grid.
 */
export function ListScreen<T extends object>(props: ListScreenProps<T>) {
  const { title, rows, rowKey, columns, loading, onRefresh, onCreate, onEdit, onDelete } = props;
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterRows(rows, columns, deferredQuery), [rows, columns, deferredQuery]);
  const selection = useListSelection(rows, rowKey);
  const { selected } = selection;
  const confirmDelete = useConfirmDelete();
  const [usageOf, setUsageOf] = useState<T | null>(null);
  const { usage } = props;
  // One loader per opened row, so that the drawer reads the usage once and not on every render.
  const loadUsage = useMemo(() => (usage && usageOf ? () => usage(usageOf) : null), [usage, usageOf]);
  const notices = useNotices();
  const [gridRef, gridHeight] = useElementSize<HTMLDivElement>('height');
  const filterId = useId();
  const editTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(editTimer.current), []);

  const filtering = query !== '';
  const editable = selected !== undefined && (props.canEdit?.(selected) ?? true);
  const deletable = selected !== undefined && (props.canDelete?.(selected) ?? true);

  const edit = () => {
    if (!selected || !onEdit) return;
    window.clearTimeout(editTimer.current);
    editTimer.current = window.setTimeout(() => onEdit(selected), EDIT_OPEN_DELAY_MS);
  };

  const remove = async () => {
    if (!selected || !onDelete) return;
    const choice = await confirmDelete(usage && (() => usage(selected)));
    if (!choice) return;
    try {
      await onDelete(selected, choice.removeReferences);
      selection.select(null);
      notices.deleted();
    } catch (error) {
      notices.failed(error);
    }
  };

  const tableColumns = useMemo<TableColumnsType<T>>(
    () => columns.map((column) => tableColumn(column)),
    [columns],
  );

  const toggle = (row: T) => selection.select(selection.selectedKey === rowKey(row) ? null : row);
  // A long list is virtual from its first render: rendering thousands of rows even once, before the
  // grid's height is known, would freeze the screen for seconds.
  const virtual = shown.length >= VIRTUAL_ROWS_FROM;
  const measured = gridHeight > HEADER_HEIGHT ? gridHeight - HEADER_HEIGHT : 0;
  const bodyHeight = measured || (virtual ? UNMEASURED_BODY_HEIGHT : 0);

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 360 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ListHeading title={title} total={t.total(rows.length)} />
        <Space wrap>
          {onCreate && <Button onClick={onCreate}>{t.create}</Button>}
          {onEdit && (
            <Button disabled={!editable} onClick={edit}>
              {t.edit}
            </Button>
          )}
          {onDelete && (
            <Button danger disabled={!deletable} onClick={() => void remove()}>
              {t.remove}
            </Button>
          )}
          {usage && (
            <Button disabled={!selected} onClick={() => setUsageOf(selected ?? null)}>
              {ja.pbx.usage.button}
            </Button>
          )}
          {onRefresh && <Button onClick={() => void selection.reload(onRefresh)}>{t.refresh}</Button>}
          <Button onClick={() => void exportGrid(title, columns, shown).catch(notices.failed)}>
            {t.export}
          </Button>
        </Space>
      </Flex>
      <Flex align="center" gap={8}>
        <label htmlFor={filterId} style={{ color: filtering ? '#cf1322' : undefined, minWidth: 96 }}>
          {filtering ? t.filtering : t.filter}
        </label>
        <Input
          id={filterId}
          value={query}
          allowClear
          placeholder={t.filterPlaceholder}
          style={{ maxWidth: 320 }}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Flex>
      {props.children}
      <div ref={gridRef} style={{ flex: 1, minHeight: 200 }}>
        <Table<T>
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={shown}
          pagination={false}
          virtual={virtual}
          scroll={bodyHeight > 0 ? { y: bodyHeight } : undefined}
          loading={{ spinning: loading, description: t.loading }}
          locale={{ emptyText: t.noData }}
          rowSelection={{
            type: 'checkbox',
            hideSelectAll: true,
            columnWidth: 40,
            selectedRowKeys: selection.selectedKey === null ? [] : [selection.selectedKey],
            onSelect: (row, checked) => selection.select(checked ? row : null),
          }}
          onRow={(row) => ({
            // A click on the row selects it too; the checkbox cell handles its own clicks.
            onClick: (event) => {
              const target = event.target as HTMLElement;
              if (!target.closest('.ant-table-selection-column, button, a, input')) toggle(row);
            },
          })}
        />
      </div>
      {loadUsage && usageOf && (
        <UsageDrawer
          name={(props.usageName ?? columns[0]?.text ?? String)(usageOf)}
          load={loadUsage}
          onClose={() => setUsageOf(null)}
        />
      )}
    </Flex>
  );
}
