import { endpoints } from '@tsunagu/contract/api';
import type { RecordingListData, RecordingSaveRequest } from '@tsunagu/contract/pbx/recording';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/recording: renames a recording; answers the new list. */
export function saveRecording(request: RecordingSaveRequest): Promise<RecordingListData> {
  return fetchData(endpoints.recordingSave, { body: request });
}

export function useSaveRecording() {
  return usePbxMutation('recordings', saveRecording);
}
