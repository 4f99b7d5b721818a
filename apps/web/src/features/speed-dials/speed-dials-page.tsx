import type { SpeedDial } from '@tsunagu/contract/pbx/speed-dial';
import { useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreen } from '../../shared/ui/list-screen';
import { useDeleteSpeedDial } from './delete-speed-dial';
import { useSpeedDials } from './get-speed-dials';
import { SpeedDialDialog } from './speed-dial-dialog';

const t = ja.pbx.speedDial;
const NONE: SpeedDial[] = [];

const columns: GridColumn<SpeedDial>[] = [
  { key: 'number', title: t.number, width: 120, text: (r) => r.commName },
  { key: 'phone', title: t.phone, width: 200, text: (r) => r.commSub1 },
  { key: 'memo', title: t.memo, text: (r) => r.commSub2 ?? '' },
];

const rowKey = (row: SpeedDial) => row.commUuid;

/** /pbx/speed-dial: the speed-dial list (spec 2.11). */
export function SpeedDialsPage() {
  const { data, isFetching, refetch } = useSpeedDials();
  const remove = useDeleteSpeedDial();
  // undefined: no dialog; null: a new entry.
  const [editing, setEditing] = useState<SpeedDial | null>();
  const list = data?.list ?? NONE;

  return (
    <>
      <ListScreen
        title={t.listTitle}
        rows={list}
        rowKey={rowKey}
        columns={columns}
        loading={isFetching}
        onCreate={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={(row) => remove.mutateAsync(row.commUuid)}
        onRefresh={refetch}
      />
      {editing !== undefined && (
        <SpeedDialDialog entry={editing} existing={list} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
