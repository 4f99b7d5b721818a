import { endpoints } from '@tsunagu/contract/api';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import type { SpeedDial, SpeedDialSaveRequest } from '@tsunagu/contract/pbx/speed-dial';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/common/speedDial/: creates (no commUuid) or updates an entry; answers the new list. */
export function saveSpeedDial(request: SpeedDialSaveRequest): Promise<ListData<SpeedDial>> {
  return fetchData(endpoints.speedDialSave, { body: request });
}

export function useSaveSpeedDial() {
  return usePbxMutation('speedDials', saveSpeedDial);
}
