import { destinationSaveRequestSchema, endpoints, idSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import { destinationCreateRequestSchema, type DestinationsService } from './destinations.service';

export function registerDestinationsRoutes(router: Router, service: DestinationsService): void {
  router.route(endpoints.destinationList, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid, reply }) => sendAnswer(reply, await service.answer(tenantUuid)),
  });

  router.route(endpoints.destinationSave, {
    body: destinationSaveRequestSchema,
    handler: ({ auth, request, tenantUuid, body }) =>
      service.save({ auth, ip: request.ip }, tenantUuid, body),
  });

  router.route(endpoints.destinationCreate, {
    body: destinationCreateRequestSchema,
    handler: ({ auth, request, tenantUuid, body }) =>
      service.create({ auth, ip: request.ip }, tenantUuid, body),
  });

  router.route(endpoints.destinationDelete, {
    params: z.object({ domainUuid: idSchema, destinationUuid: idSchema }),
    handler: ({ auth, request, tenantUuid, params }) =>
      service.remove({ auth, ip: request.ip }, tenantUuid, params.destinationUuid),
  });
}
