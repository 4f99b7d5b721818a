import type { IvrMenu } from '@tsunagu/contract/pbx/ivr';
import type { Recording } from '@tsunagu/contract/pbx/recording';
import { useMemo } from 'react';
import { ivrJa } from './ivr.ja';
import { useUsageLoader } from '../../shared/pbx/usage';
import { useRecordings } from '../../shared/pbx/get-recordings';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreenPage } from '../../shared/ui/list-screen-page';
import { useDeleteIvrMenu } from './delete-ivr-menu';
import { useIvrMenus } from './get-ivr-menus';
import { IvrDialog } from './ivr-dialog';

const t = ivrJa;
const rowKey = (row: IvrMenu) => row.ivrMenuUuid;

/** The announcement column shows the recording's name (its filename when the recording is gone). */
function columnsFor(recordings: readonly Recording[]): GridColumn<IvrMenu>[] {
  const names = new Map(recordings.map((r) => [r.recordingFilename, r.recordingName]));
  return [
    { key: 'number', title: t.number, width: 110, text: (r) => r.ivrMenuExtension },
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
  const recordings = useRecordings().data?.list;
  const columns = useMemo(() => columnsFor(recordings ?? []), [recordings]);
  return (
    <ListScreenPage
      title={t.listTitle}
      query={useIvrMenus()}
      deletion={useDeleteIvrMenu()}
      usage={useUsageLoader('ivr', rowKey)}
      rowKey={rowKey}
      columns={columns}
      dialog={(menu, onClose) => <IvrDialog menu={menu} onClose={onClose} />}
    />
  );
}
