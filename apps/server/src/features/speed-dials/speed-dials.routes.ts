import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { SpeedDialsService } from './speed-dials.service';

export function registerSpeedDialsRoutes(router: Router, service: SpeedDialsService): void {
  router.route(endpoints.speedDialList, async ({ tenantUuid }) => ({ list: await service.list(tenantUuid) }));
  router.route(endpoints.speedDialSave, async ({ actor, tenantUuid, body }) => ({
    list: await service.save(actor, tenantUuid, body),
  }));
  router.route(endpoints.speedDialDelete, ({ actor, tenantUuid, params }) =>
    service.remove(actor, tenantUuid, params.commUuid),
  );
}
