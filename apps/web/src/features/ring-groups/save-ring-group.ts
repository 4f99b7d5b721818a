import { endpoints } from '@tsunagu/contract/api';
import type { RingGroup, RingGroupSaveRequest } from '@tsunagu/contract/pbx/ring-group';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/ringGroup: the registration form (the server derives the stored fields); answers the new list. */
export function saveRingGroup(request: RingGroupSaveRequest): Promise<ListData<RingGroup>> {
  return fetchData(endpoints.ringGroupSave, { body: request });
}

export function useSaveRingGroup() {
  return usePbxMutation('ringGroups', saveRingGroup);
}
