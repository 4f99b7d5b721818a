import { endpoints } from '@tsunagu/contract/api';
import type { DestinationCreateRequest, DestinationListData } from '@tsunagu/contract/pbx/destination';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/destination/create (provider administrators; the server checks the number's format). */
export function createDestination(request: DestinationCreateRequest): Promise<DestinationListData> {
  return fetchData(endpoints.destinationCreate, { body: request });
}

export function useCreateDestination() {
  return usePbxMutation('destinations', createDestination);
}
