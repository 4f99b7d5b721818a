import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { ActionLogService } from './action-log.service';

export function registerActionLogRoutes(router: Router, service: ActionLogService): void {
  for (const [endpoint, success] of [
    [endpoints.logSuccess, true],
    [endpoints.logFailure, false],
  ] as const) {
    router.route(endpoint, ({ auth, query }) => service.record(auth, query.process, success));
  }
}
