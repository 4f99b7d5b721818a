import {
  presenceGroupSaveSchema,
  type PresenceGroup,
  type PresenceGroupSaveInput,
  type UserFormOptions,
} from '@tsunagu/contract/admin/users';
import { Input, Select } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { FormField } from '../../shared/ui/form-field';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { searchUsers } from './user-admin-api';
import { jaUserAdmin } from './user-admin.ja';

const t = jaUserAdmin.groups;
type Member = { value: string; label: string };

/** Creating or editing a presence group: name, representative number (a ring group) and members. */
export function PresenceGroupDialog(props: {
  domainUuid: string;
  group: PresenceGroup | null;
  ringGroups: UserFormOptions['ringGroups'];
  onSave: (request: PresenceGroupSaveInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { domainUuid, group, onSave, onClose } = props;
  const id = useId();
  const [commName, setCommName] = useState(group?.commName ?? '');
  const [commSub1, setCommSub1] = useState<string | null>(group?.commSub1 ?? null);
  const [members, setMembers] = useState<Member[]>(
    group?.userList.map((u) => ({ value: u.userUuid, label: u.userNm || u.id })) ?? [],
  );
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Member[]>([]);
  const [saving, setSaving] = useState(false);
  // The tenant may have thousands of users: the server searches them as the administrator types.
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void searchUsers(domainUuid, search)
        .then(
          (users) => current && setFound(users.map((u) => ({ value: u.userUuid, label: u.userNm || u.id }))),
        )
        .catch(() => undefined);
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [domainUuid, search]);
  const save = useCallback(
    async (request: PresenceGroupSaveInput) => {
      setSaving(true);
      try {
        await onSave(request);
      } finally {
        setSaving(false);
      }
    },
    [onSave],
  );
  const submit = useDialogSubmit(save, onClose);
  const onSubmit = () =>
    void submit(
      checkAgainstContract(
        presenceGroupSaveSchema,
        {
          ...(group ? { commUuid: group.commUuid } : {}),
          domainUuid,
          commName,
          commSub1,
          userList: members.map((m) => m.value),
        },
        () => null,
      ),
    );
  const chosen = new Set(members.map((m) => m.value));
  return (
    <FormDialog
      title={group ? t.editTitle : t.createTitle}
      saving={saving}
      onSave={onSubmit}
      onClose={onClose}
    >
      <FormField label={t.commName} htmlFor={`${id}-name`} required>
        <Input
          id={`${id}-name`}
          value={commName}
          maxLength={50}
          onChange={(e) => setCommName(e.target.value)}
        />
      </FormField>
      <FormField label={t.commSub1} htmlFor={`${id}-number`}>
        <Select
          id={`${id}-number`}
          aria-label={t.commSub1}
          allowClear
          placeholder={t.commSub1Placeholder}
          value={commSub1}
          options={props.ringGroups.map((r) => ({ value: r.extension, label: `${r.extension} ${r.name}` }))}
          onChange={(value: string | undefined) => setCommSub1(value ?? null)}
        />
      </FormField>
      <FormField label={t.members} htmlFor={`${id}-members`}>
        <Select
          id={`${id}-members`}
          aria-label={t.members}
          mode="multiple"
          labelInValue
          filterOption={false}
          showSearch={{ onSearch: setSearch, filterOption: false }}
          placeholder={t.membersPlaceholder}
          value={members}
          options={[...members, ...found.filter((f) => !chosen.has(f.value))]}
          onChange={(value: Member[]) =>
            setMembers(value.map((v) => ({ value: v.value, label: String(v.label) })))
          }
        />
      </FormField>
    </FormDialog>
  );
}
