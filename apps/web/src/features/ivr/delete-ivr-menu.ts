import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { deleteEndpoint, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/ivr/{ivrMenuUuid}. */
export async function deleteIvrMenu({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(deleteEndpoint(endpoints.ivrDelete, removeReferences), { params: { ivrMenuUuid: id } });
}

export function useDeleteIvrMenu() {
  return usePbxMutation('ivrMenus', deleteIvrMenu);
}
