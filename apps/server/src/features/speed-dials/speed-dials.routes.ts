import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createSpeedDialsService } from './speed-dials.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createSpeedDialsService(deps);
  router.route(endpoints.speedDialList, async ({ tenantUuid }) => ({ list: await service.list(tenantUuid) }));
  router.route(endpoints.speedDialSave, async ({ actor, tenantUuid, body }) => ({
    list: await service.save(actor, tenantUuid, body),
  }));
  router.route(endpoints.speedDialDelete, ({ actor, tenantUuid, params }) =>
    service.remove(actor, tenantUuid, params.commUuid),
  );
}
