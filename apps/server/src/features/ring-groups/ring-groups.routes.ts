import { deleteQuerySchema, endpoints, idSchema, ringGroupSaveRequestSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import { wantsReferencesRemoved } from '../../platform/pbx/delete-guard';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { RingGroupsService } from './ring-groups.service';

export function registerRingGroupsRoutes(router: Router, service: RingGroupsService): void {
  router.route(endpoints.ringGroupList, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid, reply }) => sendAnswer(reply, await service.answer(tenantUuid)),
  });

  router.route(endpoints.ringGroupSave, {
    body: ringGroupSaveRequestSchema,
    handler: async ({ auth, request, tenantUuid, body }) => ({
      list: await service.save({ auth, ip: request.ip }, tenantUuid, body),
    }),
  });

  router.route(endpoints.ringGroupDelete, {
    params: z.object({ ringGroupUuid: idSchema }),
    query: deleteQuerySchema,
    handler: ({ auth, request, tenantUuid, params, query }) =>
      service.remove(
        { auth, ip: request.ip },
        tenantUuid,
        params.ringGroupUuid,
        wantsReferencesRemoved(query),
      ),
  });
}
