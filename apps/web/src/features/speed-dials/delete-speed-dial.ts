import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** DELETE /v1/common/{commUuid}. */
export async function deleteSpeedDial(commUuid: string): Promise<void> {
  await fetchData(endpoints.speedDialDelete, { params: { commUuid } });
}

export function useDeleteSpeedDial() {
  return usePbxMutation('speedDials', deleteSpeedDial);
}
