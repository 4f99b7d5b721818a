import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createCallsService } from './calls.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createCallsService(deps);
  router.route(endpoints.callState, ({ auth, tenantUuid }) => service.callState(auth, tenantUuid));
  router.route(endpoints.clickToCall, ({ auth, body }) => service.clickToCall(auth, body));
}
