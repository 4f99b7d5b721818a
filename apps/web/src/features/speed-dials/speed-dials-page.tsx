import type { SpeedDial } from '@tsunagu/contract/pbx/speed-dial';
import { speedDialsJa } from './speed-dials.ja';
import { useUsageLoader } from '../../shared/pbx/usage';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreenPage } from '../../shared/ui/list-screen-page';
import { useDeleteSpeedDial } from './delete-speed-dial';
import { useSpeedDials } from './get-speed-dials';
import { SpeedDialDialog } from './speed-dial-dialog';

const t = speedDialsJa;
const NONE: SpeedDial[] = [];

const columns: GridColumn<SpeedDial>[] = [
  { key: 'number', title: t.number, width: 120, text: (r) => r.commName },
  { key: 'phone', title: t.phone, width: 200, text: (r) => r.commSub1 },
  { key: 'memo', title: t.memo, text: (r) => r.commSub2 ?? '' },
];

const rowKey = (row: SpeedDial) => row.commUuid;

/** /pbx/speed-dial: the speed-dial list (spec 2.11). */
export function SpeedDialsPage() {
  const query = useSpeedDials();
  return (
    <ListScreenPage
      title={t.listTitle}
      query={query}
      deletion={useDeleteSpeedDial()}
      usage={useUsageLoader('speedDial', rowKey)}
      rowKey={rowKey}
      columns={columns}
      dialog={(entry, onClose) => (
        <SpeedDialDialog entry={entry} existing={query.data?.list ?? NONE} onClose={onClose} />
      )}
    />
  );
}
