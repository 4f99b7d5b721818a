import { z } from 'zod';
import { softphoneConnectionSchema } from '../auth';
import { callStateItemSchema, clickToCallSchema, sandboxCallSchema } from '../call';
import { endpoint, noData } from './define';

/** Calls: the softphone's credentials, live call state, click-to-call, and the sandbox's simulations. */
export const telephonyEndpoints = {
  softphoneConnection: endpoint({
    method: 'GET',
    path: '/v1/softphone/connection',
    response: softphoneConnectionSchema,
  }),
  callState: endpoint({
    method: 'GET',
    path: '/v1/call/callState/:domainUuid',
    params: z.object({ domainUuid: z.uuid() }),
    response: z.array(callStateItemSchema),
  }),
  clickToCall: endpoint({
    method: 'POST',
    path: '/v1/call/clickToCall',
    body: clickToCallSchema,
    response: noData,
  }),
  /** Sandbox only: a simulated outside call to one of the tenant's incoming numbers. */
  sandboxCall: endpoint({
    method: 'POST',
    path: '/v1/sandbox/call',
    capability: 'pbx.view',
    body: sandboxCallSchema,
    response: z.object({ callId: z.string() }),
  }),
  /** Sandbox only: answer or hang up the caller's own simulated desk phone. */
  sandboxDeskPhone: endpoint({
    method: 'POST',
    path: '/v1/sandbox/deskphone/:action',
    params: z.object({ action: z.enum(['answer', 'hangup']) }),
    response: noData,
  }),
};
