import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';
import { deleteQuery, type DeleteRequest } from '../../shared/pbx/usage';

/** DELETE /v1/ivr/{ivrMenuUuid}. */
export async function deleteIvrMenu({ id, removeReferences }: DeleteRequest): Promise<void> {
  await fetchData(endpoints.ivrDelete, {
    query: deleteQuery(removeReferences),
    params: { ivrMenuUuid: id },
  });
}

export function useDeleteIvrMenu() {
  return usePbxMutation('ivrMenus', deleteIvrMenu);
}
