import { isDefaultRecording, recordingUsageText, type Recording } from '@tsunagu/contract/pbx/recording';
import { Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { recordingsJa } from './recordings.ja';
import { useRecordings } from '../../shared/pbx/get-recordings';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { useUsageLoader } from '../../shared/pbx/usage';
import type { GridColumn } from '../../shared/ui/grid-columns';
import { ListScreenPage } from '../../shared/ui/list-screen-page';
import { useNotices } from '../../shared/ui/notices';
import { useDeleteRecording } from './delete-recording';
import { saveBlob } from '../../shared/ui/save-blob';
import { fetchRecordingFile } from './fetch-recording-file';
import { RecordingEditDialog } from './recording-edit-dialog';
import { RecordingPlayer, type PlayerTrack } from './recording-player';
import { RecordingUploadDialog } from './recording-upload-dialog';

const t = recordingsJa;

const rowKey = (row: Recording) => row.recordingUuid;
const editable = (row: Recording) => !isDefaultRecording(row);

/** /pbx/recording: the audio files (spec 2.12), with a player above the grid. */
export function RecordingsPage() {
  const domainUuid = useDomainUuid();
  const notices = useNotices();
  const [track, setTrack] = useState<PlayerTrack | null>(null);
  const query = useRecordings();
  const storage = query.data?.storage;

  const columns = useMemo((): GridColumn<Recording>[] => {
    const play = async (row: Recording) => {
      try {
        const blob = await fetchRecordingFile('play', row.recordingFilename, domainUuid);
        setTrack({ blob, name: row.recordingName });
      } catch (error) {
        notices.failed(error);
      }
    };
    const download = async (row: Recording) => {
      try {
        saveBlob(
          await fetchRecordingFile('download', row.recordingFilename, domainUuid),
          row.recordingFilename,
        );
      } catch (error) {
        notices.failed(error);
      }
    };
    return [
      { key: 'name', title: t.name, text: (r) => r.recordingName },
      { key: 'filename', title: t.filename, text: (r) => r.recordingFilename },
      {
        key: 'play',
        title: t.play,
        width: 90,
        data: false,
        text: () => '',
        render: (r) => <Button onClick={() => void play(r)}>{t.play}</Button>,
      },
      {
        key: 'download',
        title: t.download,
        width: 120,
        data: false,
        text: () => '',
        // Built-in recordings can be played but not downloaded (spec 4).
        render: (r) => editable(r) && <Button onClick={() => void download(r)}>{t.download}</Button>,
      },
    ];
  }, [domainUuid, notices]);

  return (
    <ListScreenPage
      title={t.listTitle}
      query={query}
      deletion={useDeleteRecording()}
      usage={useUsageLoader('recording', rowKey)}
      rowKey={rowKey}
      columns={columns}
      canEdit={editable}
      canDelete={editable}
      // A new recording is uploaded; an existing one can only be renamed.
      dialog={(row, onClose) =>
        row === null ? (
          <RecordingUploadDialog onClose={onClose} />
        ) : (
          <RecordingEditDialog recording={row} onClose={onClose} />
        )
      }
    >
      <Flex align="center" gap={16} wrap>
        <RecordingPlayer track={track} />
        {storage && <Typography.Text type="secondary">{recordingUsageText(storage)}</Typography.Text>}
      </Flex>
    </ListScreenPage>
  );
}
