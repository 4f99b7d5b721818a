import {
  CALL_RECORDING_MODE_LABELS,
  CALL_RECORDING_MODES,
  CALL_RECORDING_RETENTION,
  callRecordingSettingSchema,
  type CallRecordingSetting,
} from '@tsunagu/contract/call-recording';
import { messages } from '@tsunagu/contract/messages';
import { App, Button, Flex, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import {
  useCallRecordingSetting,
  useSaveCallRecordingSetting,
} from '../../shared/call-recording/call-recording-queries';
import { jaCallRecording } from '../../shared/call-recording/call-recording.ja';
import { SettingSection } from './setting-section';

const t = jaCallRecording.setting;
const MODE_OPTIONS = CALL_RECORDING_MODES.map((value) => ({
  value,
  label: CALL_RECORDING_MODE_LABELS[value],
}));

/** The tenant's call recording (administrators): off / on demand / always, and how many days recordings are kept. */
export function CallRecordingForm({ domainUuid }: { domainUuid: string }) {
  const { message } = App.useApp();
  const setting = useCallRecordingSetting(domainUuid);
  const [edited, setEdited] = useState<Partial<CallRecordingSetting>>({});
  const shown = {
    mode: 'off' as const,
    retentionDays: CALL_RECORDING_RETENTION.default,
    ...setting.data,
    ...edited,
  };
  const save = useSaveCallRecordingSetting(domainUuid);
  const submit = () => {
    // The contract's own rule and message, as the server checks it.
    const parsed = callRecordingSettingSchema.safeParse(shown);
    if (!parsed.success) return void message.error(parsed.error.issues[0]?.message);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setEdited({});
        void message.success(messages.saved);
      },
      onError: (error) => void message.error(error.message),
    });
  };

  return (
    <SettingSection title={t.title}>
      <Flex vertical gap={8}>
        <Select
          aria-label={t.mode}
          options={MODE_OPTIONS}
          value={shown.mode}
          onChange={(mode) => setEdited((e) => ({ ...e, mode }))}
          disabled={!setting.data}
        />
        <Flex gap={8} align="center">
          <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t.retentionDays}</Typography.Text>
          <InputNumber<number>
            aria-label={t.retentionDays}
            min={CALL_RECORDING_RETENTION.min}
            max={CALL_RECORDING_RETENTION.max}
            precision={0}
            value={shown.retentionDays}
            onChange={(retentionDays) => setEdited((e) => ({ ...e, retentionDays: retentionDays ?? 0 }))}
            disabled={!setting.data}
            style={{ flex: 1 }}
          />
          <Button type="primary" loading={save.isPending} disabled={!setting.data} onClick={submit}>
            {t.save}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{t.retentionHint}</Typography.Text>
      </Flex>
    </SettingSection>
  );
}
