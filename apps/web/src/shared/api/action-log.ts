import type { ProcessName } from '@tsunagu/contract/action-log';
import { endpoints } from '@tsunagu/contract/api';
import { callApi } from './client';
import { withQuery } from './with-query';

/**
 * Records the outcome of a user action (spec 7: GET /v1/log/success|failure?process=…). A token can
 * be given for a call made while the session is ending (logout).
 */
export async function logAction(process: ProcessName, success: boolean, token?: string): Promise<void> {
  const endpoint = withQuery(success ? endpoints.logSuccess : endpoints.logFailure, { process });
  await callApi(endpoint, token === undefined ? {} : { token });
}
