import { endpoints, idSchema, speedDialSaveRequestSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { SpeedDialsService } from './speed-dials.service';

export function registerSpeedDialsRoutes(router: Router, service: SpeedDialsService): void {
  router.route(endpoints.speedDialList, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid }) => ({ list: await service.list(tenantUuid) }),
  });

  router.route(endpoints.speedDialSave, {
    body: speedDialSaveRequestSchema,
    handler: async ({ auth, request, tenantUuid, body }) => ({
      list: await service.save({ auth, ip: request.ip }, tenantUuid, body),
    }),
  });

  router.route(endpoints.speedDialDelete, {
    params: z.object({ commUuid: idSchema }),
    handler: ({ auth, request, tenantUuid, params }) =>
      service.remove({ auth, ip: request.ip }, tenantUuid, params.commUuid),
  });
}
