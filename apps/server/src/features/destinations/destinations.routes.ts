import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { DestinationsService } from './destinations.service';

export function registerDestinationsRoutes(router: Router, service: DestinationsService): void {
  router.route(endpoints.destinationList, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.answer(tenantUuid)),
  );
  router.route(endpoints.destinationSave, ({ actor, tenantUuid, body }) =>
    service.save(actor, tenantUuid, body),
  );
  router.route(endpoints.destinationCreate, ({ actor, tenantUuid, body }) =>
    service.create(actor, tenantUuid, body),
  );
  router.route(endpoints.destinationDelete, ({ actor, tenantUuid, params }) =>
    service.remove(actor, tenantUuid, params.destinationUuid),
  );
}
