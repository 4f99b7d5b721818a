import { endpoints } from '@tsunagu/contract/api';
import type { Extension, ExtensionSaveRequest } from '@tsunagu/contract/pbx/extension';
import type { ListData } from '@tsunagu/contract/pbx/shared';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** POST /v1/extension: the edit dialog's fields; answers the new list. */
export function saveExtension(request: ExtensionSaveRequest): Promise<ListData<Extension>> {
  return fetchData(endpoints.extensionSave, { body: request });
}

export function useSaveExtension() {
  return usePbxMutation('extensions', saveExtension);
}
