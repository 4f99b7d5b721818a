import type { UserInfoUser } from '@tsunagu/contract/auth';
import { Modal, Typography } from 'antd';
import { updateUserInfo } from '../../shared/session/session-store';
import { PasswordForm } from './password-form';
import { settingsJa } from './settings.ja';

const t = settingsJa;

/**
 * After an administrator set or reset the password ("must change at next sign-in"), the console asks for a
 * new one before anything else: a modal that cannot be dismissed until the change succeeds.
 */
export function ForcedPasswordChange({
  user,
}: {
  user: Pick<UserInfoUser, 'userUuid' | 'mustChangePassword'>;
}) {
  if (!user.mustChangePassword) return null;
  const changed = () =>
    updateUserInfo((info) => ({ ...info, user: { ...info.user, mustChangePassword: false } }));
  return (
    <Modal
      open
      title={t.mustChangeTitle}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={null}
    >
      <Typography.Paragraph>{t.mustChangeLead}</Typography.Paragraph>
      <PasswordForm userUuid={user.userUuid} onChanged={changed} />
    </Modal>
  );
}
