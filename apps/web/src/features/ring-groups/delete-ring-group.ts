import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { deleteEndpoint, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/ringGroup/{ringGroupUuid}. */
export async function deleteRingGroup({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(deleteEndpoint(endpoints.ringGroupDelete, removeReferences), {
    params: { ringGroupUuid: id },
  });
}

export function useDeleteRingGroup() {
  return usePbxMutation('ringGroups', deleteRingGroup);
}
