import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** DELETE /v1/ringGroup/{ringGroupUuid}. */
export async function deleteRingGroup(ringGroupUuid: string): Promise<void> {
  await fetchData(endpoints.ringGroupDelete, { params: { ringGroupUuid } });
}

export function useDeleteRingGroup() {
  return usePbxMutation('ringGroups', deleteRingGroup);
}
