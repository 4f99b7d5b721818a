import {
  RECORDING_ACCEPT,
  recordingMessages,
  recordingQuotaError,
  recordingSaveRequestSchema,
  recordingUploadError,
  type RecordingSaveRequest,
} from '@tsunagu/contract/pbx/recording';
import { ApiError } from '@tsunagu/contract/envelope';
import { Button, Flex, Typography } from 'antd';
import { useCallback, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { recordingsJa } from './recordings.ja';
import { useRecordings } from '../../shared/pbx/get-recordings';
import { useDomainUuid } from '../../shared/pbx/pbx-query';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { FormField } from '../../shared/ui/form-field';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { RecordingNameField } from './recording-name-field';
import { useUploadRecording } from './upload-recording';

const t = recordingsJa;

/** 'File upload' (ファイルアップロード, spec 2.12): an .mp3/.wav file and its name. */
export function RecordingUploadDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const domainUuid = useDomainUuid();
  const picker = useRef<HTMLInputElement>(null);
  const storage = useRecordings().data?.storage;
  const [file, setFile] = useState<File | null>(null);
  const { control, handleSubmit, setValue } = useForm<RecordingSaveRequest>({
    defaultValues: { recordingUuid: null, domainUuid, recordingName: '', recordingFilename: '' },
  });
  const upload = useUploadRecording();
  const { mutateAsync } = upload;
  const send = useCallback(
    async (data: RecordingSaveRequest) => {
      // The contract's rule has required the file already; this keeps the types honest.
      if (!file) throw new ApiError(400, recordingMessages.fileMissing);
      return mutateAsync({ file, data });
    },
    [file, mutateAsync],
  );
  const submit = useDialogSubmit(send, onClose);
  const onSave = handleSubmit((values) =>
    submit(
      checkAgainstContract(
        recordingSaveRequestSchema,
        values,
        (data) =>
          // A file that cannot fit is refused before it is sent (the server checks again).
          recordingUploadError(file && { name: file.name, size: file.size }, data) ??
          (file && storage ? recordingQuotaError(storage, file.size) : null),
      ),
    ),
  );

  // Spec 2.12: choosing a file names the recording after it.
  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setValue('recordingName', chosen?.name ?? '');
    setValue('recordingFilename', chosen?.name ?? '');
  };

  return (
    <FormDialog
      title={t.uploadTitle}
      saving={upload.isPending}
      onSave={() => void onSave()}
      onClose={onClose}
    >
      <FormField label={t.file} htmlFor={`${id}-file`} required help={t.accepted}>
        <Flex align="center" gap={8}>
          <input
            ref={picker}
            id={`${id}-file`}
            type="file"
            accept={RECORDING_ACCEPT}
            style={{ display: 'none' }}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <Button onClick={() => picker.current?.click()}>{t.chooseFile}</Button>
          <Typography.Text type={file ? undefined : 'secondary'} ellipsis>
            {file?.name ?? t.noFile}
          </Typography.Text>
        </Flex>
      </FormField>
      <RecordingNameField control={control} />
    </FormDialog>
  );
}
