import { cdrQuerySchema, cdrRequestSchema, endpoints } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { CdrService } from './cdr.service';

export function registerCdrRoutes(router: Router, service: CdrService): void {
  router.route(endpoints.cdrExt, {
    query: cdrQuerySchema,
    body: cdrRequestSchema,
    handler: ({ auth, tenantUuid, body, query }) => service.page(auth, tenantUuid, body.extensionUuid, query),
  });
  router.route(endpoints.recallCount, {
    params: z.object({ domainUuid: z.uuid() }),
    handler: ({ tenantUuid }) => service.recall(tenantUuid),
  });
}
