import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import { sendAnswer } from '../../platform/pbx/list-cache';
import { createIvrService } from './ivr.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createIvrService(deps);
  router.route(endpoints.ivrList, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.answer(tenantUuid)),
  );
  router.route(endpoints.ivrSave, async ({ actor, tenantUuid, body }) => ({
    list: await service.save(actor, tenantUuid, body),
  }));
  routeGuardedDelete(router, endpoints.ivrDelete, (params) => params.ivrMenuUuid, service.remove);
}
