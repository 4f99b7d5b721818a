import { endpoints } from '@tsunagu/contract/api';
import { WRAP_UP_MAX_SECONDS } from '@tsunagu/contract/user-status';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { fetchData } from '../../shared/api/client';
import { jaUserStatus } from '../../shared/user-status/user-status.ja';
import { SettingSection } from './setting-section';

const t = jaUserStatus.setting;

/** The tenant's automatic after-call work (administrators): seconds of 後処理 after each call. */
export function WrapUpForm({ domainUuid }: { domainUuid: string }) {
  const { message } = App.useApp();
  const setting = useQuery({
    queryKey: ['userStatus', 'setting', domainUuid],
    queryFn: () => fetchData(endpoints.statusSetting, { params: { domainUuid } }),
  });
  const [edited, setEdited] = useState<number | null>(null);
  const seconds = edited ?? setting.data?.wrapUpSeconds ?? 0;
  const save = useMutation({
    mutationFn: (wrapUpSeconds: number) =>
      fetchData(endpoints.statusSettingSave, { params: { domainUuid }, body: { wrapUpSeconds } }),
    onSuccess: () => void message.success(t.saved),
    onError: (error) => void message.error(error.message),
  });

  return (
    <SettingSection title={t.title}>
      <Space.Compact style={{ width: '100%' }}>
        <InputNumber<number>
          aria-label={t.label}
          min={0}
          max={WRAP_UP_MAX_SECONDS}
          precision={0}
          value={seconds}
          onChange={(value) => setEdited(value ?? 0)}
          disabled={!setting.data}
          style={{ flex: 1 }}
        />
        <Button
          type="primary"
          loading={save.isPending}
          disabled={!setting.data}
          onClick={() => save.mutate(seconds)}
        >
          {t.save}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">{t.hint}</Typography.Text>
    </SettingSection>
  );
}
