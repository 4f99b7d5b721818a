import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { RingGroupsService } from './ring-groups.service';

export function registerRingGroupsRoutes(router: Router, service: RingGroupsService): void {
  router.route(endpoints.ringGroupList, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.answer(tenantUuid)),
  );
  router.route(endpoints.ringGroupSave, async ({ actor, tenantUuid, body }) => ({
    list: await service.save(actor, tenantUuid, body),
  }));
  routeGuardedDelete(router, endpoints.ringGroupDelete, (params) => params.ringGroupUuid, service.remove);
}
