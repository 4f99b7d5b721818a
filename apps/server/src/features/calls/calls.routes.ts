import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { CallsService } from './calls.service';

export function registerCallsRoutes(router: Router, service: CallsService): void {
  router.route(endpoints.callState, ({ auth, tenantUuid }) => service.callState(auth, tenantUuid));
  router.route(endpoints.clickToCall, ({ auth, body }) => service.clickToCall(auth, body));
}
