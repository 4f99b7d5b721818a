import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(router: Router, service: AuditService): void {
  router.route(endpoints.auditList, ({ auth, tenantUuid, query }) => service.page(auth, tenantUuid, query));
  router.route(endpoints.auditExport, ({ auth, tenantUuid, query }) =>
    service.export(auth, tenantUuid, query),
  );
}
