import { endpoints } from '@tsunagu/contract/api';
import type { DestinationListData, DestinationSaveRequest } from '@tsunagu/contract/pbx/destination';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** A new incoming number: the edit fields, the number itself and the tenant it goes to. */
export interface DestinationCreateRequest extends Omit<DestinationSaveRequest, 'id'> {
  domainUuid: string;
  destinationNumber: string;
}

/** POST /v1/destination/create (provider administrators; the server checks the number's format). */
export function createDestination(request: DestinationCreateRequest): Promise<DestinationListData> {
  return fetchData(endpoints.destinationCreate, { body: request });
}

export function useCreateDestination() {
  return usePbxMutation('destinations', createDestination);
}
