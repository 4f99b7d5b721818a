import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import { createActionLogService } from './action-log.service';
import type { FeatureDeps } from '../feature';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createActionLogService(deps);
  for (const [endpoint, success] of [
    [endpoints.logSuccess, true],
    [endpoints.logFailure, false],
  ] as const) {
    router.route(endpoint, ({ auth, query }) => service.record(auth, query.process, success));
  }
}
