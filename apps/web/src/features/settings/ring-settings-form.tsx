import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { messages } from '@tsunagu/contract/messages';
import { App, Button, Flex, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { logAction } from '../../shared/api/action-log';
import {
  RINGTONES,
  isValidRingVolume,
  ringtoneUrl,
  saveRingSettings,
  useRingSettings,
  type Ringtone,
} from '../../shared/ring-settings/ring-settings';
import { useRingPreview } from './ring-preview';
import { SettingSection } from './setting-section';
import { settingsJa } from './settings.ja';

const t = settingsJa;
const OPTIONS = RINGTONES.map((value) => ({ value, label: t.ringtones[value] }));

/** Ringtone with a 5-second preview, and ring volume (headset only); both stay on this device. */
export function RingSettingsForm() {
  const { message } = App.useApp();
  const settings = useRingSettings();
  const preview = useRingPreview();
  const [volume, setVolume] = useState<number | null>(settings.ringSoundVolume);
  const [volumeError, setVolumeError] = useState(false);
  const url = ringtoneUrl(settings.ringSound);

  const changeRingtone = (ringSound: Ringtone) => {
    preview.stop();
    saveRingSettings({ ringSound });
    void message.success(messages.changed);
    logAction('LogController-bellChange', true).catch((error: unknown) =>
      console.error('bell change log', error),
    );
  };

  const saveVolume = () => {
    const valid = isValidRingVolume(volume);
    setVolumeError(!valid);
    if (!valid) return;
    saveRingSettings({ ringSoundVolume: volume });
    void message.success(messages.changed);
  };

  return (
    <>
      <SettingSection title={t.ringtone}>
        <Flex gap={6}>
          <Select<Ringtone>
            aria-label={t.ringtone}
            value={settings.ringSound}
            options={OPTIONS}
            onChange={changeRingtone}
            style={{ flex: 1 }}
          />
          <Button
            icon={preview.playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            disabled={!url}
            onClick={() =>
              preview.playing || !url ? preview.stop() : preview.play(url, settings.ringSoundVolume)
            }
          >
            {preview.playing ? t.stopPreview : t.preview}
          </Button>
        </Flex>
      </SettingSection>
      <SettingSection title={t.volume}>
        <Space.Compact style={{ width: '100%' }}>
          <InputNumber
            aria-label={t.volume}
            value={volume}
            onChange={(value) => {
              setVolume(value);
              setVolumeError(false);
            }}
            suffix="%"
            status={volumeError ? 'error' : undefined}
            style={{ flex: 1 }}
          />
          <Button type="primary" onClick={saveVolume}>
            {t.save}
          </Button>
        </Space.Compact>
        <Typography.Text type={volumeError ? 'danger' : 'secondary'} role={volumeError ? 'alert' : undefined}>
          {volumeError ? t.volumeInvalid : t.volumeHint}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.deviceNote}
        </Typography.Text>
      </SettingSection>
    </>
  );
}
