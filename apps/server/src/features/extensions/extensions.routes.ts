import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import { sendAnswer } from '../../platform/pbx/list-cache';
import { createExtensionsService } from './extensions.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createExtensionsService(deps);
  router.route(endpoints.extensionList, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.answer(tenantUuid)),
  );
  router.route(endpoints.extensionSave, async ({ actor, tenantUuid, body }) => ({
    list: await service.save(actor, tenantUuid, body),
  }));
  router.route(endpoints.extensionCreate, ({ actor, tenantUuid, body }) =>
    service.create(actor, tenantUuid, body),
  );
  router.route(endpoints.extensionPasswordReset, ({ actor, tenantUuid, params }) =>
    service.resetPassword(actor, tenantUuid, params.extensionUuid),
  );
  routeGuardedDelete(router, endpoints.extensionDelete, (params) => params.extensionUuid, service.remove);
}
