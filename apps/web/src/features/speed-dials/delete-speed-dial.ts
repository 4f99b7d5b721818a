import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import type { DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/common/{commUuid} (nothing refers to a speed dial, so there are no references to remove). */
export async function deleteSpeedDial({ id }: DeleteRequest): Promise<void> {
  await fetchData(endpoints.speedDialDelete, { params: { commUuid: id } });
}

export function useDeleteSpeedDial() {
  return usePbxMutation('speedDials', deleteSpeedDial);
}
