import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { PresenceService } from './presence.service';

export function registerPresenceRoutes(router: Router, service: PresenceService): void {
  router.route(endpoints.loginUsers, ({ tenantUuid }) => service.loginUsers(tenantUuid));
  router.route(endpoints.deskPhones, ({ tenantUuid }) => service.deskPhones(tenantUuid));
}
