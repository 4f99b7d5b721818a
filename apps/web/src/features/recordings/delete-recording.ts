import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { deleteQuery, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/recording/{recordingUuid}. */
export async function deleteRecording({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(endpoints.recordingDelete, {
    query: deleteQuery(removeReferences),
    params: { recordingUuid: id },
  });
}

export function useDeleteRecording() {
  return usePbxMutation('recordings', deleteRecording);
}
