import type { IvrMenu } from '@tsunagu/contract/pbx/ivr';
import type { Recording } from '@tsunagu/contract/pbx/recording';
import { useMemo, useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import { useRecordings } from '../../shared/pbx/get-recordings';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreen } from '../../shared/ui/list-screen';
import { useDeleteIvrMenu } from './delete-ivr-menu';
import { useIvrMenus } from './get-ivr-menus';
import { IvrDialog } from './ivr-dialog';

const t = ja.pbx.ivr;
const NONE: IvrMenu[] = [];

const rowKey = (row: IvrMenu) => row.ivrMenuUuid;

/** The announcement column shows the recording's name (its filename when the recording is gone). */
function columnsFor(recordings: readonly Recording[]): GridColumn<IvrMenu>[] {
  const names = new Map(recordings.map((r) => [r.recordingFilename, r.recordingName]));
  return [
    { key: 'name', title: t.name, width: 240, text: (r) => r.ivrMenuName },
    {
      key: 'greeting',
      title: t.greeting,
      width: 240,
      text: (r) => names.get(r.ivrMenuGreetLong) || r.ivrMenuGreetLong,
    },
    { key: 'memo', title: t.memo, text: (r) => r.ivrMenuDescription ?? '' },
  ];
}

/** /pbx/ivr: the IVR list (spec 2.8). */
export function IvrPage() {
  const { data, isFetching, refetch } = useIvrMenus();
  const recordings = useRecordings().data?.list;
  const columns = useMemo(() => columnsFor(recordings ?? []), [recordings]);
  const remove = useDeleteIvrMenu();
  // undefined: no dialog; null: a new menu.
  const [editing, setEditing] = useState<IvrMenu | null>();

  return (
    <>
      <ListScreen
        title={t.listTitle}
        rows={data?.list ?? NONE}
        rowKey={rowKey}
        columns={columns}
        loading={isFetching}
        onCreate={() => setEditing(null)}
        onEdit={setEditing}
        onDelete={(row) => remove.mutateAsync(row.ivrMenuUuid)}
        onRefresh={refetch}
      />
      {editing !== undefined && <IvrDialog menu={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
