import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { createAuditService } from './audit.service';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createAuditService(deps);
  router.route(endpoints.auditList, ({ auth, tenantUuid, query }) => service.page(auth, tenantUuid, query));
  router.route(endpoints.auditExport, ({ auth, tenantUuid, query }) =>
    service.export(auth, tenantUuid, query),
  );
}
