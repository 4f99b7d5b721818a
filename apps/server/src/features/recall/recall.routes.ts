import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createRecallService } from './recall.service';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createRecallService(deps);
  router.route(endpoints.recallList, ({ auth, tenantUuid, query }) => service.page(auth, tenantUuid, query));
  router.route(endpoints.recallExport, ({ auth, tenantUuid, query }) =>
    service.export(auth, tenantUuid, query),
  );
  router.route(endpoints.recallCreate, ({ auth, tenantUuid, body }) =>
    service.create(auth, tenantUuid, body),
  );
  router.route(endpoints.recallBulk, ({ auth, tenantUuid, body }) => service.bulk(auth, tenantUuid, body));
  router.route(endpoints.recallDone, ({ auth, tenantUuid, params }) =>
    service.done(auth, tenantUuid, params.recallUuid),
  );
}
