import { deleteQuerySchema, endpoints, idSchema, ivrSaveRequestSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import { wantsReferencesRemoved } from '../../platform/pbx/delete-guard';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { IvrService } from './ivr.service';

export function registerIvrRoutes(router: Router, service: IvrService): void {
  router.route(endpoints.ivrList, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid, reply }) => sendAnswer(reply, await service.answer(tenantUuid)),
  });

  router.route(endpoints.ivrSave, {
    body: ivrSaveRequestSchema,
    handler: async ({ auth, request, tenantUuid, body }) => ({
      list: await service.save({ auth, ip: request.ip }, tenantUuid, body),
    }),
  });

  router.route(endpoints.ivrDelete, {
    params: z.object({ ivrMenuUuid: idSchema }),
    query: deleteQuerySchema,
    handler: ({ auth, request, tenantUuid, params, query }) =>
      service.remove({ auth, ip: request.ip }, tenantUuid, params.ivrMenuUuid, wantsReferencesRemoved(query)),
  });
}
