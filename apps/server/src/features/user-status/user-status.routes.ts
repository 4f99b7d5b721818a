import { endpoints } from '@tsunagu/contract';
import type { Router } from '../../platform/http/router';
import type { FeatureDeps } from '../feature';
import { followStatusEvents } from './user-status.events';
import { createUserStatusService } from './user-status.service';

export function register(router: Router, deps: FeatureDeps): void {
  const service = createUserStatusService(deps);
  router.route(endpoints.userStatusList, ({ tenantUuid }) => service.list(tenantUuid));
  router.route(endpoints.userStatusSet, ({ auth, body }) => service.choose(auth, body.status));
  router.route(endpoints.statusSetting, ({ tenantUuid }) => service.setting(tenantUuid));
  router.route(endpoints.statusSettingSave, ({ tenantUuid, body }) => service.saveSetting(tenantUuid, body));
  const stop = followStatusEvents({ ...deps, service });
  deps.app.addHook('onClose', stop);
}
