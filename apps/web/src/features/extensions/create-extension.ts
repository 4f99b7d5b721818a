import { endpoints } from '@tsunagu/contract/api';
import type { ExtensionCreateRequest } from '@tsunagu/contract/pbx/extension';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/**
 * POST /v1/extension/create (tenant and provider administrators): answers the generated SIP/verto password,
 * this once, and the new list.
 */
export function createExtension(request: ExtensionCreateRequest) {
  return fetchData(endpoints.extensionCreate, { body: request });
}

/** Creates an extension; only the list goes to the cache, the password stays with the caller. */
export function useCreateExtension() {
  return usePbxMutation('extensions', createExtension, (answer) => ({ list: answer.list }));
}
