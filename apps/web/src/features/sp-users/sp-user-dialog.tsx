import { spUserSaveSchema, type SpUser, type SpUserSave } from '@tsunagu/contract/tenant-admin';
import { Checkbox, Input } from 'antd';
import { useId, useState } from 'react';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { FormField } from '../../shared/ui/form-field';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { saveSpUser } from './sp-users-api';
import { jaSpUsers as t } from './sp-users.ja';

/** Create or edit a provider user; a generated password is handed to `onPassword` to be shown once. */
export function SpUserDialog({
  user,
  onClose,
  onSaved,
  onPassword,
}: {
  user: SpUser | null;
  onClose: () => void;
  onSaved: () => void;
  onPassword: (password: string) => void;
}) {
  const id = useId();
  const [username, setUsername] = useState(user?.username ?? '');
  const [userNm, setUserNm] = useState(user?.userNm ?? '');
  const [enabled, setEnabled] = useState(user?.enabled ?? true);
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = useDialogSubmit(async (payload: SpUserSave) => {
    setSaving(true);
    try {
      const answer = await saveSpUser(payload);
      onSaved();
      if (answer.password) onPassword(answer.password);
    } finally {
      setSaving(false);
    }
  }, onClose);
  const onSave = () =>
    void submit(
      checkAgainstContract(
        spUserSaveSchema,
        {
          ...(user ? { userUuid: user.userUuid } : {}),
          username,
          userNm,
          enabled,
          ...(password ? { password } : {}),
        },
        () => null,
      ),
    );
  return (
    <FormDialog
      title={user ? t.dialog.editTitle : t.dialog.createTitle}
      saving={saving}
      onSave={onSave}
      onClose={onClose}
    >
      <FormField label={t.dialog.username} htmlFor={`${id}-id`} required>
        <Input
          id={`${id}-id`}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={64}
          autoComplete="off"
        />
      </FormField>
      <FormField label={t.dialog.userNm} htmlFor={`${id}-name`} required>
        <Input id={`${id}-name`} value={userNm} onChange={(e) => setUserNm(e.target.value)} maxLength={100} />
      </FormField>
      <FormField
        label={t.dialog.password}
        htmlFor={`${id}-pw`}
        help={user ? t.dialog.passwordHelpEdit : t.dialog.passwordHelpNew}
      >
        <Input.Password
          id={`${id}-pw`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={128}
          autoComplete="new-password"
        />
      </FormField>
      <FormField label={t.dialog.enabled} htmlFor={`${id}-enabled`}>
        <Checkbox id={`${id}-enabled`} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      </FormField>
    </FormDialog>
  );
}
