import { IVR_DIGIT_OPTIONS } from '@tsunagu/contract/pbx/ivr';
import { Button, Select, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { ja } from '../../shared/i18n/ja';
import { ivrJa } from './ivr.ja';
import { labelOrDeleted } from '../../shared/ui/deleted-target';
import type { IvrOptionRow } from './ivr-option-rows';
import type { DestinationGroup } from './ivr-destinations';

const t = ivrJa;
/** Rows edited in the grid are shown pink (spec 2.8). */
export const CHANGED_ROW_BACKGROUND = '#ffe4ec';

export interface IvrOptionsGridProps {
  rows: readonly IvrOptionRow[];
  destinations: readonly DestinationGroup[];
  onChange: (rows: IvrOptionRow[]) => void;
}

/** The IVR dialog's editable options: digit, destination and a Delete button per row. */
export function IvrOptionsGrid({ rows, destinations, onChange }: IvrOptionsGridProps) {
  const known = useMemo(
    () => new Set(destinations.flatMap((group) => group.options.map((o) => o.value))),
    [destinations],
  );
  const edit = (key: string, change: Partial<IvrOptionRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change, changed: true } : row)));
  const cell = (row: IvrOptionRow) => ({
    style: row.changed ? { background: CHANGED_ROW_BACKGROUND } : undefined,
  });

  const columns: TableColumnsType<IvrOptionRow> = [
    {
      key: 'digit',
      title: t.digit,
      width: 150,
      onCell: cell,
      render: (_, row) => (
        <Select
          aria-label={t.digit}
          value={row.ivrMenuOptionDigits || undefined}
          placeholder={ja.pbx.dialog.selectPlaceholder}
          options={[...IVR_DIGIT_OPTIONS]}
          onChange={(digit: string) => edit(row.key, { ivrMenuOptionDigits: digit })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      key: 'destination',
      title: t.destination,
      onCell: cell,
      render: (_, row) => (
        <Select
          aria-label={t.destination}
          value={row.ivrMenuOptionParam || undefined}
          placeholder={ja.pbx.dialog.selectPlaceholder}
          options={[...destinations]}
          labelRender={labelOrDeleted(known)}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(param: string) => edit(row.key, { ivrMenuOptionParam: param })}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      key: 'remove',
      title: t.removeOption,
      width: 80,
      onCell: cell,
      render: (_, row) => (
        <Button danger onClick={() => onChange(rows.filter((other) => other.key !== row.key))}>
          {t.removeOption}
        </Button>
      ),
    },
  ];

  return (
    <Table<IvrOptionRow>
      rowKey="key"
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      scroll={{ y: 260 }}
      locale={{ emptyText: ja.pbx.list.noData }}
    />
  );
}
