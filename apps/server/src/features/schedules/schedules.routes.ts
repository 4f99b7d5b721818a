import {
  deleteQuerySchema,
  endpoints,
  idSchema,
  scheduleSaveRequestSchema,
  tryCallQuerySchema,
} from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import { wantsReferencesRemoved } from '../../platform/pbx/delete-guard';
import type { SchedulesService } from './schedules.service';

export function registerSchedulesRoutes(router: Router, service: SchedulesService): void {
  router.route(endpoints.timeConditionList, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid }) => ({ list: await service.list(tenantUuid) }),
  });

  // The whole schedule with its conditions; the contract's rules run here, whatever the client checked.
  router.route(endpoints.timeConditionSave, {
    body: scheduleSaveRequestSchema,
    handler: ({ auth, request, tenantUuid, body }) =>
      service.save({ auth, ip: request.ip }, tenantUuid, body),
  });

  router.route(endpoints.timeConditionTryCall, {
    params: z.object({ domainUuid: idSchema }),
    query: tryCallQuerySchema,
    handler: ({ tenantUuid, query }) => service.tryCall(tenantUuid, query),
  });

  router.route(endpoints.timeConditionDelete, {
    params: z.object({ dialplanUuid: idSchema }),
    query: deleteQuerySchema,
    handler: ({ auth, request, tenantUuid, params, query }) =>
      service.remove(
        { auth, ip: request.ip },
        tenantUuid,
        params.dialplanUuid,
        wantsReferencesRemoved(query),
      ),
  });
}
