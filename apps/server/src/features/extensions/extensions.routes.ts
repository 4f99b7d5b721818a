import {
  deleteQuerySchema,
  endpoints,
  extensionCreateRequestSchema,
  extensionSaveRequestSchema,
  idSchema,
} from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import { wantsReferencesRemoved } from '../../platform/pbx/delete-guard';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { ExtensionsService } from './extensions.service';

export function registerExtensionsRoutes(router: Router, service: ExtensionsService): void {
  router.route(endpoints.extensionList, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid, reply }) => sendAnswer(reply, await service.answer(tenantUuid)),
  });

  router.route(endpoints.extensionSave, {
    body: extensionSaveRequestSchema,
    handler: async ({ auth, request, tenantUuid, body }) => ({
      list: await service.save({ auth, ip: request.ip }, tenantUuid, body),
    }),
  });

  router.route(endpoints.extensionCreate, {
    body: extensionCreateRequestSchema,
    handler: ({ auth, request, tenantUuid, body }) =>
      service.create({ auth, ip: request.ip }, tenantUuid, body),
  });

  router.route(endpoints.extensionPasswordReset, {
    params: z.object({ domainUuid: idSchema, extensionUuid: idSchema }),
    handler: ({ auth, request, tenantUuid, params }) =>
      service.resetPassword({ auth, ip: request.ip }, tenantUuid, params.extensionUuid),
  });

  router.route(endpoints.extensionDelete, {
    params: z.object({ domainUuid: idSchema, extensionUuid: idSchema }),
    query: deleteQuerySchema,
    handler: ({ auth, request, tenantUuid, params, query }) =>
      service.remove(
        { auth, ip: request.ip },
        tenantUuid,
        params.extensionUuid,
        wantsReferencesRemoved(query),
      ),
  });
}
