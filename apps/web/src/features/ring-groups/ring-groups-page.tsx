import type { RingGroup } from '@tsunagu/contract/pbx/ring-group';
import { Flex, Tag } from 'antd';
import { ringGroupsJa } from './ring-groups.ja';
import { useUsageLoader } from '../../shared/pbx/usage';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreenPage } from '../../shared/ui/list-screen-page';
import { useDeleteRingGroup } from './delete-ring-group';
import { useRingGroups } from './get-ring-groups';
import { RingGroupDialog } from './ring-group-dialog';

const t = ringGroupsJa;
const members = (group: RingGroup) => group.destinations.map((d) => d.destinationNumber);

const columns: GridColumn<RingGroup>[] = [
  { key: 'number', title: t.number, width: 120, text: (r) => r.ringGroupExtension },
  { key: 'name', title: t.name, width: 220, text: (r) => r.ringGroupName },
  {
    key: 'members',
    title: t.members,
    // Joined with commas for the filter and the export; shown as badges.
    text: (r) => members(r).join(','),
    render: (r) => (
      <Flex wrap gap={4} role="list" aria-label={t.members}>
        {members(r).map((number) => (
          <Tag key={number} role="listitem" color="blue" style={{ marginInlineEnd: 0 }}>
            {number}
          </Tag>
        ))}
      </Flex>
    ),
  },
];

const rowKey = (row: RingGroup) => row.ringGroupUuid;

/** /pbx/ring-group: the group list (spec 2.7). */
export function RingGroupsPage() {
  return (
    <ListScreenPage
      title={t.listTitle}
      query={useRingGroups()}
      deletion={useDeleteRingGroup()}
      usage={useUsageLoader('ringGroup', rowKey)}
      rowKey={rowKey}
      columns={columns}
      dialog={(group, onClose) => <RingGroupDialog group={group} onClose={onClose} />}
    />
  );
}
