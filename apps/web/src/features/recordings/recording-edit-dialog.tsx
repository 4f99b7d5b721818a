import {
  recordingEditError,
  recordingSaveRequestSchema,
  type Recording,
  type RecordingSaveRequest,
} from '@tsunagu/contract/pbx/recording';
import { useForm } from 'react-hook-form';
import { recordingsJa } from './recordings.ja';
import { checkAgainstContract } from '../../shared/ui/contract-check';
import { FormDialog } from '../../shared/ui/form-dialog';
import { useDialogSubmit } from '../../shared/ui/use-dialog-submit';
import { RecordingNameField } from './recording-name-field';
import { useSaveRecording } from './save-recording';

const t = recordingsJa;

/** Renaming a recording: the only field Edit shows (spec 2.12). */
export function RecordingEditDialog({ recording, onClose }: { recording: Recording; onClose: () => void }) {
  const { control, handleSubmit } = useForm<RecordingSaveRequest>({
    defaultValues: {
      recordingUuid: recording.recordingUuid,
      domainUuid: recording.domainUuid,
      recordingName: recording.recordingName,
      recordingFilename: recording.recordingFilename,
    },
  });
  const save = useSaveRecording();
  const submit = useDialogSubmit(save.mutateAsync, onClose);
  const onSave = handleSubmit((values) =>
    submit(checkAgainstContract(recordingSaveRequestSchema, values, recordingEditError)),
  );

  return (
    <FormDialog title={t.editTitle} saving={save.isPending} onSave={() => void onSave()} onClose={onClose}>
      <RecordingNameField control={control} />
    </FormDialog>
  );
}
