import { endpoints } from '@tsunagu/contract/api';
import type { IvrMenu, IvrSaveRequest } from '@tsunagu/contract/pbx/ivr';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/ivr: creates (no ivrMenuUuid) or replaces a menu and its options; answers the new list. */
export function saveIvrMenu(request: IvrSaveRequest): Promise<ListData<IvrMenu>> {
  return fetchData(endpoints.ivrSave, { body: request });
}

export function useSaveIvrMenu() {
  return usePbxMutation('ivrMenus', saveIvrMenu);
}
