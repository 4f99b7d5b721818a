import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation, useDomainUuid } from '../../shared/pbx/pbx-query';
import type { DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/destination/{domainUuid}/{destinationUuid} (provider administrators). */
export async function deleteDestination(domainUuid: string, destinationUuid: string): Promise<void> {
  await fetchData(endpoints.destinationDelete, { params: { domainUuid, destinationUuid } });
}

export function useDeleteDestination() {
  const domainUuid = useDomainUuid();
  return usePbxMutation('destinations', ({ id }: DeleteRequest) => deleteDestination(domainUuid, id));
}
