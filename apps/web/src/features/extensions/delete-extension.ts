import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation, useDomainUuid } from '../../shared/pbx/pbx-query';

/** DELETE /v1/extension/{domainUuid}/{extensionUuid} (tenant and provider administrators). */
export async function deleteExtension(domainUuid: string, extensionUuid: string): Promise<void> {
  await fetchData(endpoints.extensionDelete, { params: { domainUuid, extensionUuid } });
}

export function useDeleteExtension() {
  const domainUuid = useDomainUuid();
  return usePbxMutation('extensions', (extensionUuid: string) => deleteExtension(domainUuid, extensionUuid));
}
