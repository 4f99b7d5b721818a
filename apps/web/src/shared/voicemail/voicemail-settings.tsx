import { AudioOutlined, DeleteOutlined, PlayCircleOutlined, UploadOutlined } from '@ant-design/icons';
import {
  voicemailSettingsSchema,
  VOICEMAIL_NO_ANSWER_SECONDS,
  type VoicemailBox,
  type VoicemailSettings,
} from '@tsunagu/contract/voicemail';
import { App, Button, Checkbox, Flex, InputNumber, Popconfirm, Radio, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { recordGreeting, type GreetingRecording } from './greeting-recorder';
import { jaVoicemail as t } from './voicemail.ja';
import { fetchGreetingAudio, useVoicemailBox, useVoicemailBoxActions } from './voicemail-queries';

/** The form's state: the settings as typed (the seconds may be empty while typing). */
type Draft = Omit<VoicemailSettings, 'noAnswerSeconds'> & { noAnswerSeconds: number | null };

/** The box's own greeting: upload a WAV/MP3, record one in the browser, listen to it, remove it. */
function GreetingControls({ domainUuid, box }: { domainUuid: string; box: VoicemailBox }) {
  const { message } = App.useApp();
  const { upload, removeGreeting } = useVoicemailBoxActions(domainUuid);
  const input = useRef<HTMLInputElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [recording, setRecording] = useState<GreetingRecording | null>(null);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => window.clearInterval(timer);
  }, [recording]);
  useEffect(() => () => recording?.cancel(), [recording]);

  const send = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => void message.success(t.greetingSaved),
      onError: (error) => void message.error(error.message),
    });
  const start = async () => {
    try {
      setSeconds(0);
      setRecording(await recordGreeting());
    } catch {
      void message.error(t.recordFailed);
    }
  };
  const finish = async () => {
    const current = recording;
    setRecording(null);
    if (!current) return;
    try {
      send(await current.stop());
    } catch {
      void message.error(t.recordFailed);
    }
  };
  const listen = async () => {
    try {
      const blob = await fetchGreetingAudio(domainUuid);
      const element = audio.current;
      if (!element) return;
      if (element.src) URL.revokeObjectURL(element.src);
      element.src = URL.createObjectURL(blob);
      element.play().catch(() => undefined);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Flex vertical gap={6}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {box.greeting ? t.greetingFile(box.greeting.fileName) : `${t.greetingOwn}: ${t.greetingNone}`}
      </Typography.Text>
      <Flex wrap gap={6}>
        <input
          ref={input}
          type="file"
          accept=".wav,.mp3,audio/wav,audio/mpeg"
          aria-label={t.upload}
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        <Button
          size="small"
          icon={<UploadOutlined />}
          loading={upload.isPending}
          disabled={recording !== null}
          onClick={() => input.current?.click()}
        >
          {t.upload}
        </Button>
        {recording ? (
          <Button size="small" danger type="primary" icon={<AudioOutlined />} onClick={() => void finish()}>
            {t.stopRecording}（{t.recording(seconds)}）
          </Button>
        ) : (
          <Button size="small" icon={<AudioOutlined />} onClick={() => void start()}>
            {t.record}
          </Button>
        )}
        {box.greeting && (
          <>
            <Button size="small" icon={<PlayCircleOutlined />} onClick={() => void listen()}>
              {t.listenGreeting}
            </Button>
            <Popconfirm
              title={t.deleteGreetingConfirm}
              okText={t.delete}
              cancelText="キャンセル"
              onConfirm={() =>
                removeGreeting.mutate(undefined, { onError: (e) => void message.error(e.message) })
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t.deleteGreeting}>
                {t.delete}
              </Button>
            </Popconfirm>
          </>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.uploadHint}
      </Typography.Text>
      <audio
        ref={audio}
        controls
        aria-label={t.listenGreeting}
        style={{ width: '100%', maxWidth: 360, height: 32 }}
      />
    </Flex>
  );
}

/** The box's settings: on/off, after how many seconds unanswered, on busy, which greeting. */
export function VoicemailSettingsForm({ domainUuid }: { domainUuid: string }) {
  const { message } = App.useApp();
  const { data: box } = useVoicemailBox(domainUuid);
  const { save } = useVoicemailBoxActions(domainUuid);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (box) setDraft(box.settings);
  }, [box]);
  if (!box || !draft) return null;
  const change = (patch: Partial<Draft>) => {
    setError(null);
    setDraft({ ...draft, ...patch });
  };
  const submit = () => {
    const parsed = voicemailSettingsSchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    save.mutate(parsed.data, {
      onSuccess: () => void message.success(t.saved),
      onError: (failure) => setError(failure.message),
    });
  };
  const off = !draft.enabled;
  return (
    <Flex vertical gap={8}>
      <Flex align="center" gap={8}>
        <Switch aria-label={t.enabled} checked={draft.enabled} onChange={(enabled) => change({ enabled })} />
        <Typography.Text>{t.enabled}</Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.enabledHint}
      </Typography.Text>
      <Flex align="center" gap={8} wrap>
        <Checkbox
          checked={draft.onNoAnswer}
          disabled={off}
          onChange={(event) => change({ onNoAnswer: event.target.checked })}
        >
          {t.onNoAnswer}
        </Checkbox>
        <InputNumber
          aria-label={t.noAnswerSeconds}
          size="small"
          min={VOICEMAIL_NO_ANSWER_SECONDS.min}
          max={VOICEMAIL_NO_ANSWER_SECONDS.max}
          value={draft.noAnswerSeconds}
          disabled={off || !draft.onNoAnswer}
          onChange={(value) => change({ noAnswerSeconds: value })}
          style={{ width: 72 }}
        />
        <Typography.Text>{t.seconds}</Typography.Text>
      </Flex>
      <Checkbox
        checked={draft.onBusy}
        disabled={off}
        onChange={(event) => change({ onBusy: event.target.checked })}
      >
        {t.onBusy}
      </Checkbox>
      <Typography.Text strong style={{ marginTop: 4 }}>
        {t.greeting}
      </Typography.Text>
      <Radio.Group
        value={draft.ownGreeting ? 'own' : 'standard'}
        onChange={(event) => change({ ownGreeting: event.target.value === 'own' })}
        options={[
          { value: 'standard', label: t.greetingStandard },
          { value: 'own', label: t.greetingOwn, disabled: !box.greeting },
        ]}
      />
      <GreetingControls domainUuid={domainUuid} box={box} />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      <div>
        <Button type="primary" size="small" loading={save.isPending} onClick={submit}>
          {t.save}
        </Button>
      </div>
    </Flex>
  );
}
