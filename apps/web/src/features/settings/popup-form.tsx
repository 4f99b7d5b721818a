import type { UserInfoUser } from '@tsunagu/contract/auth';
import { messages } from '@tsunagu/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { updateUserInfo } from '../../shared/session/session-store';
import { SettingSection } from './setting-section';
import { saveUser } from './user-save';
import { settingsJa } from './settings.ja';

const t = settingsJa;
type Popup = UserInfoUser['popup'];
const OPTIONS: { value: Popup; label: string }[] = [
  { value: 'true', label: t.popupOptions.true },
  { value: 'false', label: t.popupOptions.false },
];

/** Spec 6: the pop-up setting is locked when the user's userPopup is 'false'. */
export function isPopupLocked(user: Pick<UserInfoUser, 'userPopup'>): boolean {
  return user.userPopup === 'false';
}

/** The incoming pop-up setting (desk-phone mode): POST /v1/user with popup and no password. */
export function PopupForm({ user }: { user: UserInfoUser }) {
  const { message } = App.useApp();
  const [popup, setPopup] = useState<Popup>(user.popup);
  const locked = isPopupLocked(user);
  const save = useMutation({
    mutationFn: (value: Popup) =>
      saveUser({ userUuid: user.userUuid, popup: value, userCredentials: { password: null } }),
    onSuccess: (msg, value) => {
      updateUserInfo((info) => ({ ...info, user: { ...info.user, popup: value } }));
      void message.success(msg || messages.popupChanged);
    },
  });

  return (
    <SettingSection title={t.popup}>
      <Space.Compact style={{ width: '100%' }}>
        <Select<Popup>
          aria-label={t.popup}
          value={popup}
          options={OPTIONS}
          onChange={setPopup}
          disabled={locked}
          style={{ flex: 1 }}
        />
        <Button type="primary" disabled={locked} loading={save.isPending} onClick={() => save.mutate(popup)}>
          {t.save}
        </Button>
      </Space.Compact>
      {locked && <Typography.Text type="secondary">{t.popupLocked}</Typography.Text>}
    </SettingSection>
  );
}
