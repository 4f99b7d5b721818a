import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { routeGuardedDelete } from '../../platform/pbx/delete-route';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { ExtensionsService } from './extensions.service';

export function registerExtensionsRoutes(router: Router, service: ExtensionsService): void {
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
