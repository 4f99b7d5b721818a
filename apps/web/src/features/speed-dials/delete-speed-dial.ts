import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { deleteEndpoint, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/common/{commUuid}. */
export async function deleteSpeedDial({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(deleteEndpoint(endpoints.speedDialDelete, removeReferences), { params: { commUuid: id } });
}

export function useDeleteSpeedDial() {
  return usePbxMutation('speedDials', deleteSpeedDial);
}
