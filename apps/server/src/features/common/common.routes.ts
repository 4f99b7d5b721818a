import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import type { CommonService } from './common.service';

export function registerCommonRoutes(router: Router, service: CommonService): void {
  router.route(endpoints.initData, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.initData(tenantUuid)),
  );
  router.route(endpoints.pbxUsage, ({ tenantUuid, params }) =>
    service.usage(tenantUuid, params.kind, params.id),
  );
}
