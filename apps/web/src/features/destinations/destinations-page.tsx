import {
  dialplanNameOf,
  dialplanNumberOf,
  type Destination,
  type DialplanChoice,
} from '@tsunagu/contract/pbx/destination';
import { enabledLabel } from '@tsunagu/contract/pbx/shared';
import { useMemo, useState } from 'react';
import { ja } from '../../shared/i18n/ja';
import { useUsageLoader } from '../../shared/pbx/usage';
import { useCan } from '../../shared/session/use-can';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { DeletedTarget } from '../../shared/ui/deleted-target';
import { ListScreen } from '../../shared/ui/list-screen';
import { useDeleteDestination } from './delete-destination';
import { DestinationDialog } from './destination-dialog';
import { useDestinations } from './get-destinations';

const t = ja.pbx.destination;
const NO_ROWS: Destination[] = [];
const NO_DIALPLANS: DialplanChoice[] = [];

const rowKey = (row: Destination) => row.id;
const DELETED = ja.pbx.usage.deleted;

/** The schedule's name; 「削除済み」 when the number still names a schedule that no longer exists. */
function scheduleName(row: Destination, dialplans: readonly DialplanChoice[]): string {
  const name = dialplanNameOf(row.destinationData, dialplans);
  return name === '' && dialplanNumberOf(row.destinationData) !== '' ? DELETED : name;
}

function columnsFor(dialplans: readonly DialplanChoice[]): GridColumn<Destination>[] {
  return [
    { key: 'number', title: t.number, width: 160, text: (r) => r.destinationNumber },
    { key: 'name', title: t.name, text: (r) => r.destinationCidNamePrefix ?? '' },
    {
      key: 'schedule',
      title: t.schedule,
      text: (r) => scheduleName(r, dialplans),
      render: (r) =>
        scheduleName(r, dialplans) === DELETED ? <DeletedTarget /> : scheduleName(r, dialplans),
    },
    { key: 'status', title: t.status, width: 110, text: (r) => enabledLabel(r.destinationEnabled) },
  ];
}

/**
 * /pbx/destination: the incoming numbers (spec 2.10). Tenants edit them; numbers come with the carrier
 * contract, so only the provider administrator adds and removes them.
 */
export function DestinationsPage() {
  const mayCreate = useCan('pbx.destination.create');
  const mayDelete = useCan('pbx.destination.delete');
  const { data, isFetching, refetch } = useDestinations();
  const remove = useDeleteDestination();
  const usage = useUsageLoader('destination', rowKey);
  // undefined: no dialog; null: a new number.
  const [editing, setEditing] = useState<Destination | null>();
  const dialplans = data?.tcDialplanList ?? NO_DIALPLANS;
  const columns = useMemo(() => columnsFor(dialplans), [dialplans]);

  return (
    <>
      <ListScreen
        title={t.listTitle}
        rows={data?.list ?? NO_ROWS}
        rowKey={rowKey}
        columns={columns}
        loading={isFetching}
        onCreate={mayCreate ? () => setEditing(null) : undefined}
        onEdit={setEditing}
        onDelete={mayDelete ? (row) => remove.mutateAsync({ id: row.id }) : undefined}
        usage={usage}
        onRefresh={refetch}
      />
      {editing !== undefined && (
        <DestinationDialog
          destination={editing}
          dialplans={dialplans}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
