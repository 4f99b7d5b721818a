import { endpoints } from '@tsunagu/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/router';
import type { PresenceService } from './presence.service';

export function registerPresenceRoutes(router: Router, service: PresenceService): void {
  router.route(endpoints.loginUsers, {
    params: z.object({ domainUuid: z.uuid() }),
    handler: ({ tenantUuid }) => service.loginUsers(tenantUuid),
  });
  router.route(endpoints.deskPhones, {
    params: z.object({ domainUuid: z.uuid() }),
    handler: ({ tenantUuid }) => service.deskPhones(tenantUuid),
  });
}
