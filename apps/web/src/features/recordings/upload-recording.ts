import { endpoints, apiPath } from '@tsunagu/contract/api';
import { ApiError, type Envelope } from '@tsunagu/contract/envelope';
import type { Recording, RecordingSaveRequest } from '@tsunagu/contract/pbx/recording';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { sendWithSession } from './recording-transfer';

/** An upload: the audio file and the recording object sent with it. */
export interface RecordingUpload {
  file: File;
  data: RecordingSaveRequest;
}

/** POST /v1/recording/upload as multipart: 'file' (the audio) and 'data' (the recording as JSON). */
export async function uploadRecording({ file, data }: RecordingUpload): Promise<ListData<Recording>> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', file, file.name);
  const response = await sendWithSession(endpoints.recordingUpload, apiPath(endpoints.recordingUpload), form);
  const envelope = (await response.json()) as Envelope<ListData<Recording>>;
  if (envelope.code !== 0) throw new ApiError(response.status, envelope.msg);
  return envelope.data;
}

export function useUploadRecording() {
  return usePbxMutation('recordings', uploadRecording);
}
