import { endpoints, idSchema, usageKindSchema } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { CommonService } from './common.service';

export function registerCommonRoutes(router: Router, service: CommonService): void {
  router.route(endpoints.initData, {
    params: z.object({ domainUuid: idSchema }),
    handler: async ({ tenantUuid, reply }) => sendAnswer(reply, await service.initData(tenantUuid)),
  });

  router.route(endpoints.pbxUsage, {
    params: z.object({ domainUuid: idSchema, kind: usageKindSchema, id: idSchema }),
    handler: ({ tenantUuid, params }) => service.usage(tenantUuid, params.kind, params.id),
  });
}
