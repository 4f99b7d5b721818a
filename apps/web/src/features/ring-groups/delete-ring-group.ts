import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { deleteQuery, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/ringGroup/{ringGroupUuid}. */
export async function deleteRingGroup({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(endpoints.ringGroupDelete, {
    query: deleteQuery(removeReferences),
    params: { ringGroupUuid: id },
  });
}

export function useDeleteRingGroup() {
  return usePbxMutation('ringGroups', deleteRingGroup);
}
