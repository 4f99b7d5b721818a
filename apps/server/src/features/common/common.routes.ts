import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { sendAnswer } from '../../platform/pbx/list-cache';
import { createCommonService } from './common.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createCommonService(deps);
  router.route(endpoints.initData, async ({ tenantUuid, reply }) =>
    sendAnswer(reply, await service.initData(tenantUuid)),
  );
  router.route(endpoints.pbxUsage, ({ tenantUuid, params }) =>
    service.usage(tenantUuid, params.kind, params.id),
  );
}
