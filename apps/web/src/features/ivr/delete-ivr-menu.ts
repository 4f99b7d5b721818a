import { endpoints } from '@tsunagu/contract/api';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** DELETE /v1/ivr/{ivrMenuUuid}. */
export async function deleteIvrMenu(ivrMenuUuid: string): Promise<void> {
  await fetchData(endpoints.ivrDelete, { params: { ivrMenuUuid } });
}

export function useDeleteIvrMenu() {
  return usePbxMutation('ivrMenus', deleteIvrMenu);
}
