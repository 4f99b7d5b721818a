import { endpoints } from '@tsunagu/contract/api';
import type { RecordingListData, RecordingSaveRequest } from '@tsunagu/contract/pbx/recording';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** An upload: the audio file and the recording object sent with it. */
export interface RecordingUpload {
  file: File;
  data: RecordingSaveRequest;
}

/** POST /v1/recording/upload as multipart: 'file' (the audio) and 'data' (the recording as JSON). */
export async function uploadRecording({ file, data }: RecordingUpload): Promise<RecordingListData> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('file', file, file.name);
  return fetchData(endpoints.recordingUpload, { body: form });
}

export function useUploadRecording() {
  return usePbxMutation('recordings', uploadRecording);
}
