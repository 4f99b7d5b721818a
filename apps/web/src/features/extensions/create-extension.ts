import { endpoints } from '@tsunagu/contract/api';
import type { Extension, ExtensionCreateRequest } from '@tsunagu/contract/pbx/extension';
import { fetchData } from '../../shared/api/client';
import { usePbxMutation } from '../../shared/pbx/pbx-query';

/** What creating an extension answers: the generated SIP/verto password, this once, and the new list. */
export interface ExtensionCreated {
  extension?: Extension;
  password: string;
  list: Extension[];
}

/** POST /v1/extension/create (tenant and provider administrators). */
export function createExtension(request: ExtensionCreateRequest): Promise<ExtensionCreated> {
  return fetchData(endpoints.extensionCreate, { body: request });
}

/** Creates an extension; only the list goes to the cache, the password stays with the caller. */
export function useCreateExtension() {
  return usePbxMutation('extensions', createExtension, (answer) => ({ list: answer.list }));
}
