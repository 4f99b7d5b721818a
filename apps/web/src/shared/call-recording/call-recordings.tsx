import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { callRecordingFileName, type CallRecordingRef } from '@tsunagu/contract/call-recording';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../ui/save-blob';
import { useNotices } from '../ui/notices';
import { fetchCallRecording } from './call-recording-queries';
import { jaCallRecording as t } from './call-recording.ja';

/** The player of one fetched recording; it starts at once and frees its memory when replaced. */
function Player({ blob }: { blob: Blob }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    // Autoplay may be refused; the controls still let the user start it.
    element.play().catch(() => undefined);
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return (
    <audio ref={audio} controls aria-label={t.player} style={{ width: '100%', maxWidth: 360, height: 32 }} />
  );
}

/**
 * A call's recordings (通話録音) in either history: per recording its length, 再生 (an inline player) and
 * ダウンロード (a WAV named after when it was recorded). `compact`: icon buttons, for the side panel.
 */
export function CallRecordings({
  recordings,
  compact = false,
}: {
  recordings: readonly CallRecordingRef[];
  compact?: boolean;
}) {
  const notices = useNotices();
  const [playing, setPlaying] = useState<{ recordingUuid: string; blob: Blob } | null>(null);
  const play = async (recording: CallRecordingRef) => {
    try {
      setPlaying({
        recordingUuid: recording.recordingUuid,
        blob: await fetchCallRecording(recording.recordingUuid),
      });
    } catch (error) {
      notices.failed(error);
    }
  };
  const download = async (recording: CallRecordingRef) => {
    try {
      const blob = await fetchCallRecording(recording.recordingUuid);
      saveBlob(blob, callRecordingFileName(new Date(recording.startedAt)));
    } catch (error) {
      notices.failed(error);
    }
  };
  return (
    <Flex vertical gap={2} role="group" aria-label={t.column}>
      {recordings.map((recording, index) => (
        <Flex key={recording.recordingUuid} align="center" gap={4} wrap>
          <Tooltip title={compact ? t.playLabel(index + 1) : undefined}>
            <Button
              size="small"
              icon={<PlayCircleOutlined />}
              aria-label={t.playLabel(index + 1)}
              onClick={() => void play(recording)}
            >
              {compact ? null : t.play}
            </Button>
          </Tooltip>
          <Tooltip title={compact ? t.downloadLabel(index + 1) : undefined}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t.downloadLabel(index + 1)}
              onClick={() => void download(recording)}
            >
              {compact ? null : t.download}
            </Button>
          </Tooltip>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t.length(recording.seconds)}
          </Typography.Text>
          {playing?.recordingUuid === recording.recordingUuid && <Player blob={playing.blob} />}
        </Flex>
      ))}
    </Flex>
  );
}
