import { CustomerServiceOutlined, PhoneOutlined } from '@ant-design/icons';
import type { PhoneType } from '@tsunagu/contract/auth';
import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../../shared/i18n/ja';
import { useUserInfo } from '../../shared/session/session-store';
import { useSavePhoneType } from './save-phone-type';

const OPTIONS = [
  { value: 'verto', label: ja.header.headset, icon: <CustomerServiceOutlined /> },
  { value: 'phone', label: ja.header.deskPhone, icon: <PhoneOutlined /> },
] satisfies { value: PhoneType; label: string; icon: ReactNode }[];

/** Headset (browser softphone) or desk phone; the choice is saved on the user. */
export function PhoneTypeToggle() {
  const { user } = useUserInfo();
  const save = useSavePhoneType();
  return (
    <Segmented<PhoneType>
      aria-label={ja.header.phoneTypeLabel}
      value={user.phoneType}
      options={OPTIONS}
      disabled={save.isPending}
      onChange={(phoneType) => save.mutate({ userUuid: user.userUuid, phoneType })}
    />
  );
}
