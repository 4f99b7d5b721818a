import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createPresenceService } from './presence.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createPresenceService(deps);
  router.route(endpoints.loginUsers, ({ tenantUuid }) => service.loginUsers(tenantUuid));
  router.route(endpoints.deskPhones, ({ tenantUuid }) => service.deskPhones(tenantUuid));
  router.route(endpoints.softphones, ({ tenantUuid }) => service.softphones(tenantUuid));
}
