import type { ProcessName } from '@tsunagu/contract/action-log';
import { authEndpoints } from '@tsunagu/contract/endpoints/auth';
import { callApi } from './client';

/**
 * Records the outcome of a user action (spec 7: GET /v1/log/success|failure?process=…). A token can
 * be given for a call made while the session is ending (logout).
 */
export async function logAction(process: ProcessName, success: boolean, token?: string): Promise<void> {
  const endpoint = success ? authEndpoints.logSuccess : authEndpoints.logFailure;
  await callApi(endpoint, { query: { process }, ...(token === undefined ? {} : { token }) });
}
