import { endpoints } from '@tsunagu/contract/api';
import type { UserSaveRequest } from '@tsunagu/contract/auth';
import { callApi } from '../../shared/api/client';

/** POST /v1/user: saves the user's own settings; returns the server's message. */
export async function saveUser(request: UserSaveRequest): Promise<string> {
  const { msg } = await callApi(endpoints.userSave, { body: request });
  return msg;
}
