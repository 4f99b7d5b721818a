import { endpoints } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { ExtensionsService } from './extensions.service';

export function registerExtensionsRoutes(router: Router, service: ExtensionsService): void {
  router.route(endpoints.extensionList, {
    params: z.object({ domainUuid: z.uuid() }),
    handler: async ({ tenantUuid }) => ({ list: await service.list(tenantUuid) }),
  });
}
