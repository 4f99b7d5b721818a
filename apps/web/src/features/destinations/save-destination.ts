import { endpoints } from '@tsunagu/contract/api';
import type { DestinationListData, DestinationSaveRequest } from '@tsunagu/contract/pbx/destination';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/destination: display name, schedule (destinationDataNum) and status; answers the new lists. */
export function saveDestination(request: DestinationSaveRequest): Promise<DestinationListData> {
  return fetchData(endpoints.destinationSave, { body: request });
}

export function useSaveDestination() {
  return usePbxMutation('destinations', saveDestination);
}
