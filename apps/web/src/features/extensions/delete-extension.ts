import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation, useDomainUuid } from '../../shared/pbx/pbx-query';
import { deleteQuery, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/extension/{domainUuid}/{extensionUuid} (tenant and provider administrators). */
export async function deleteExtension(
  domainUuid: string,
  { id, removeReferences }: DeleteRequest,
): Promise<void> {
  await fetchData(endpoints.extensionDelete, {
    query: deleteQuery(removeReferences),
    params: { domainUuid, extensionUuid: id },
  });
}

export function useDeleteExtension() {
  const domainUuid = useDomainUuid();
  return usePbxMutation('extensions', (request: DeleteRequest) => deleteExtension(domainUuid, request));
}
