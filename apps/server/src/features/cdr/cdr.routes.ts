import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { CdrService } from './cdr.service';

export function registerCdrRoutes(router: Router, service: CdrService): void {
  router.route(endpoints.cdrExt, ({ auth, tenantUuid, body, query }) =>
    service.page(auth, tenantUuid, body.extensionUuid, query),
  );
  router.route(endpoints.recallCount, ({ tenantUuid }) => service.recall(tenantUuid));
}
