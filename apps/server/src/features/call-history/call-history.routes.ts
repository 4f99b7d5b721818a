import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createCallHistoryService } from './call-history.service';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createCallHistoryService(deps);
  router.route(endpoints.callSearch, ({ tenantUuid, body }) => service.page(tenantUuid, body));
  router.route(endpoints.callSearchExport, ({ tenantUuid, body }) => service.export(tenantUuid, body));
}
