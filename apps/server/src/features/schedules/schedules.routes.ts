import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import type { SchedulesService } from './schedules.service';

export function registerSchedulesRoutes(router: Router, service: SchedulesService): void {
  router.route(endpoints.timeConditionList, async ({ tenantUuid }) => ({
    list: await service.list(tenantUuid),
  }));
  // The whole schedule with its conditions; the contract's rules run here, whatever the client checked.
  router.route(endpoints.timeConditionSave, ({ actor, tenantUuid, body }) =>
    service.save(actor, tenantUuid, body),
  );
  router.route(endpoints.timeConditionTryCall, ({ tenantUuid, query }) => service.tryCall(tenantUuid, query));
  routeGuardedDelete(router, endpoints.timeConditionDelete, (params) => params.dialplanUuid, service.remove);
}
