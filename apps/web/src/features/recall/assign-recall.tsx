import type { RecallItem } from '@tsunagu/contract/recall';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTenantDirectory } from '../../shared/session/tenant-directory';
import { jaRecall as t } from './recall.ja';

/** An assignee choice's value: 'user:<uuid>', 'group:<uuid>' or 'none' (everyone's). */
export type AssigneeValue = `user:${string}` | `group:${string}` | 'none';

/** The body fields of an assignee choice. */
export function assigneeOf(value: AssigneeValue): {
  assigneeUserUuid: string | null;
  assigneeGroupUuid: string | null;
} {
  if (value.startsWith('user:')) return { assigneeUserUuid: value.slice(5), assigneeGroupUuid: null };
  if (value.startsWith('group:')) return { assigneeUserUuid: null, assigneeGroupUuid: value.slice(6) };
  return { assigneeUserUuid: null, assigneeGroupUuid: null };
}

/** The bulk action "担当を割り当て": the tenant's presence groups and their members, or everyone's. */
export function AssignRecall({
  selected,
  onAssign,
}: {
  selected: RecallItem[];
  onAssign: (value: AssigneeValue) => void;
}) {
  const groups = useTenantDirectory()?.userGroup.commDetails;
  const options = useMemo(() => {
    const users = new Map<string, string>();
    for (const group of groups ?? [])
      for (const member of group.userList) users.set(member.userUuid, member.userNm);
    return [
      { value: 'none', label: t.unassigned },
      {
        label: t.groupsLabel,
        options: (groups ?? []).map((g) => ({ value: `group:${g.commUuid}`, label: g.commName })),
      },
      {
        label: t.usersLabel,
        options: [...users].map(([uuid, name]) => ({ value: `user:${uuid}`, label: name })),
      },
    ];
  }, [groups]);
  return (
    <Select<AssigneeValue>
      aria-label={t.assignTo}
      placeholder={t.assignPlaceholder}
      style={{ width: 220 }}
      disabled={selected.length === 0}
      value={null}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      onChange={(value) => onAssign(value)}
    />
  );
}
