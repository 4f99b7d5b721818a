import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createCdrService } from './cdr.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createCdrService(deps);
  router.route(endpoints.cdrExt, ({ auth, tenantUuid, body, query }) =>
    service.page(auth, tenantUuid, body.extensionUuid, query),
  );
  router.route(endpoints.recallCount, ({ tenantUuid }) => service.recall(tenantUuid));
}
