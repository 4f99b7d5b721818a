import { clickToCallSchema, endpoints } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { CallsService } from './calls.service';

export function registerCallsRoutes(router: Router, service: CallsService): void {
  router.route(endpoints.callState, {
    params: z.object({ domainUuid: z.uuid() }),
    handler: ({ auth, tenantUuid }) => service.callState(auth, tenantUuid),
  });
  router.route(endpoints.clickToCall, {
    body: clickToCallSchema,
    handler: async ({ auth, body }) => {
      await service.clickToCall(auth, body);
      return null;
    },
  });
}
