import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createDoNotDisturbService } from './do-not-disturb.service';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createDoNotDisturbService(deps);
  router.route(endpoints.doNotDisturbList, ({ tenantUuid }) => service.list(tenantUuid));
  router.route(endpoints.doNotDisturbSet, ({ actor, tenantUuid, body }) =>
    service.set(actor, tenantUuid, body),
  );
}
