import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** DELETE /v1/recording/{recordingUuid}. */
export async function deleteRecording(recordingUuid: string): Promise<void> {
  await fetchData(endpoints.recordingDelete, { params: { recordingUuid } });
}

export function useDeleteRecording() {
  return usePbxMutation('recordings', deleteRecording);
}
