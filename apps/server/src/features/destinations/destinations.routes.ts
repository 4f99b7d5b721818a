import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import { createDestinationsService } from './destinations.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createDestinationsService(deps);
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
